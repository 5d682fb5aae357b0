// One page of a gallery's images as thumbnails with their names: a click selects, a double click chooses; the
// caller's own images can be deleted (asked first; one a screen still shows is refused, 114013).
import { Button, Empty, Pagination, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

import { DeleteItemButton } from './delete-button';
import { useDeleteImage } from './api/delete-image';
import { useImages } from './api/list-images';
import { resolveImageUrl } from './resolve-url';
import type { ImageListParams, ImageOut } from './types';

interface ImageGridProps {
  params: ImageListParams;
  editable: boolean;
  selectedId: number | undefined;
  onSelect: (image: ImageOut) => void;
  onChoose: (image: ImageOut) => void;
  onPage: (page: number, pageSize: number) => void;
}

export function ImageGrid({ params, editable, selectedId, onSelect, onChoose, onPage }: ImageGridProps) {
  const { t } = useTranslation();
  const images = useImages(params);
  const remove = useDeleteImage();

  if (images.isPending) return <Skeleton active paragraph={{ rows: 6 }} title={false} />;
  if (images.isError)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designer.gallery.image.loadFailed')}>
        <Button size="small" onClick={() => void images.refetch()}>
          {t('designer.gallery.action.retry')}
        </Button>
      </Empty>
    );
  const { items, total } = images.data;
  if (items.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(params.name ? 'designer.gallery.image.noMatch' : 'designer.gallery.image.empty')}
      />
    );

  return (
    <>
      <ul className="gallery-grid" role="listbox" aria-label={t('designer.gallery.image.title')}>
        {items.map((image) => {
          const selected = image.id === selectedId;
          return (
            <li
              key={image.id}
              role="option"
              aria-selected={selected}
              aria-label={image.name}
              tabIndex={0}
              className={`gallery-grid__item${selected ? ' gallery-grid__item--active' : ''}`}
              onClick={() => onSelect(image)}
              onDoubleClick={() => onChoose(image)}
              onKeyDown={(e) => {
                if (e.target !== e.currentTarget) return;
                if (e.key === 'Enter') onChoose(image);
                if (e.key === ' ') {
                  e.preventDefault();
                  onSelect(image);
                }
              }}
            >
              <span className="gallery-grid__thumb">
                <img src={resolveImageUrl(image.url)} alt="" loading="lazy" draggable={false} />
              </span>
              <span className="gallery-grid__name" title={image.name}>
                {image.name}
              </span>
              <span className="gallery-grid__size">
                {image.width} × {image.height}
              </span>
              {editable && (
                <span
                  className="gallery-grid__actions"
                  onClick={(e) => e.stopPropagation()}
                  onDoubleClick={(e) => e.stopPropagation()}
                  onKeyDown={(e) => e.stopPropagation()}
                >
                  <DeleteItemButton
                    kind="image"
                    name={image.name}
                    onDelete={() => remove.mutateAsync(image.id)}
                  />
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <Pagination
        className="gallery-pager"
        size="small"
        current={params.page}
        pageSize={params.page_size}
        total={total}
        showSizeChanger={false}
        hideOnSinglePage
        onChange={onPage}
      />
    </>
  );
}
