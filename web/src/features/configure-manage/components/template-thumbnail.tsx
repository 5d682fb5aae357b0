// The thumbnails of the configuration pages, drawn by the runtime's ScreenThumbnail: a template's main screen (the
// template list, the library's tiles; GET /yun/module/view/thumbnails, asked together) and one screen of a template
// (its overview's screen list; the screen's design, shared with the designer's cache). Each asks for its document
// only once scrolled into view.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { ScreenThumbnail } from '@/designer/runtime/screen-thumbnail';
import { screenDesignQueryOptions } from '../api/screen-design';
import { useTemplateThumbnail } from '../api/template-thumbnails';
import type { ScreenOut } from '../types';

interface TemplateThumbnailProps {
  templateId: number;
  /** The template's name, for the accessible label. */
  name: string;
  className?: string;
}

export function TemplateThumbnail({ templateId, name, className }: TemplateThumbnailProps) {
  const [visible, setVisible] = useState(false);
  const query = useTemplateThumbnail(templateId, visible);
  const screen = query.isError ? null : query.data;
  return (
    <ScreenThumbnail name={name} screen={screen} onVisible={() => setVisible(true)} className={className} />
  );
}

interface ScreenDesignThumbnailProps {
  screen: Pick<ScreenOut, 'id' | 'name' | 'width' | 'height' | 'revision'>;
  className?: string;
}

export function ScreenDesignThumbnail({ screen, className }: ScreenDesignThumbnailProps) {
  const [visible, setVisible] = useState(false);
  const query = useQuery({ ...screenDesignQueryOptions(screen.id), enabled: visible });
  // The design is kept as loaded (the designer's cache); a screen saved or resized since reads it again.
  const outdated = query.data !== undefined && query.data.revision < screen.revision;
  const { refetch } = query;
  useEffect(() => {
    if (outdated) void refetch();
  }, [outdated, refetch]);
  const design = query.data;
  return (
    <ScreenThumbnail
      name={screen.name}
      screen={
        query.isError
          ? null
          : design && { document: design.document, width: design.width, height: design.height }
      }
      onVisible={() => setVisible(true)}
      className={className}
    />
  );
}
