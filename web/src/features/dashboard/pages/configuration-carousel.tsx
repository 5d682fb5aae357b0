// Configuration carousel (/configurationCarousel, P120000, issue 16 point 4): the caller's carousel groups on the
// left, the chosen group's devices below them, and a stage that shows each device's main screen in turn, `interval`
// seconds each, while the group rotates. On a phone the list comes first, then the stage, then the devices.
import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '@/components/page-header';
import { useCarouselGroups } from '../api/carousel-groups';
import { GroupFormModal } from '../components/carousel/group-form-modal';
import { GroupPanel } from '../components/carousel/group-panel';
import { GroupView } from '../components/carousel/group-view';
import type { CarouselGroup } from '../types';
import '../components/carousel/carousel.css';

export default function ConfigurationCarouselPage() {
  const { t } = useTranslation();
  const groups = useCarouselGroups();
  const list = groups.data ?? [];
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; group: CarouselGroup | null }>({
    open: false,
    group: null,
  });
  // The chosen group, else the first (a deleted group's place goes to the first).
  const selected = list.find((g) => g.id === selectedId) ?? list[0] ?? null;
  const create = () => setDialog({ open: true, group: null });

  return (
    <div className="page carousel-page">
      <PageHeader
        title={t('menu.configurationCarousel')}
        subTitle={t('dashboard.carousel.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            {t('dashboard.carousel.group.create')}
          </Button>
        }
      />
      <div className="carousel-layout">
        <div className="carousel-layout__groups">
          <GroupPanel
            groups={list}
            loading={groups.isPending}
            error={groups.isError}
            onRetry={() => void groups.refetch()}
            selectedId={selected?.id ?? null}
            onSelect={setSelectedId}
            onCreate={create}
            onEdit={(group) => setDialog({ open: true, group })}
          />
        </div>
        {selected ? (
          <GroupView key={selected.id} group={selected} />
        ) : (
          <div className="carousel-layout__stage">
            <div className="carousel-stage carousel-stage--waiting">
              {groups.isSuccess && (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t('dashboard.carousel.stage.noGroup')}
                />
              )}
            </div>
          </div>
        )}
      </div>
      <GroupFormModal
        open={dialog.open}
        group={dialog.group}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={(group) => setSelectedId(group.id)}
      />
    </div>
  );
}
