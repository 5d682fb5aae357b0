// The screen designer (designConfigure/id={screenId}, P41600, issue 15): the screen's design, its template (name and
// screens) and the template's data sources are loaded here, then one editing session mounts the editor. A bad id or
// a screen the caller cannot read shows "not found", a failed load its reason with a retry.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { DetailLoading, detailState } from '@/components/detail-states';
import { keyedParam } from '@/lib/route-params';
import { useStableCallback } from '@/lib/use-stable-callback';
import { useAllDataSources } from '../api/data-source-all';
import { useMiddleware } from '../api/get-middleware';
import { useScreenDesign } from '../api/screen-design';
import { DesignSession } from '../components/designer/design-session';
import { TEMPLATE_LIST_PATH, templateScreensPath } from '../lib/template-paths';
import '../components/designer/designer-page.css';

/** SCREEN_NOT_FOUND: a screen that does not exist or that the caller does not read. */
const NOT_FOUND = '115201';

export default function DesignConfigurePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { idParam } = useParams();
  const id = Number(keyedParam(idParam, 'id'));
  const valid = Number.isInteger(id) && id > 0;
  const design = useScreenDesign(valid ? id : 0);
  const templateId = design.data?.template_id ?? 0;
  const template = useMiddleware(templateId);
  const dataSources = useAllDataSources(templateId);
  // One list while the template's screens stay (the editor's panels are memoised on their props).
  const kind = design.data?.kind;
  const screens = useMemo(
    () =>
      (template.data?.screens ?? [])
        .filter((screen) => screen.kind === kind)
        .map((screen) => ({ id: screen.id, name: screen.name })),
    [template.data, kind],
  );
  const back = useStableCallback(
    () => void navigate(templateId ? templateScreensPath(templateId) : TEMPLATE_LIST_PATH),
  );
  // One element while the language stays: the editor's toolbar is memoised and shows it.
  const backButton = useMemo(
    () => (
      <Button
        type="text"
        icon={<ArrowLeftOutlined />}
        aria-label={t('designer.editor.back')}
        onClick={back}
      />
    ),
    [t, back],
  );
  const texts = {
    notFound: t('designer.editor.notFound'),
    notFoundHint: t('designer.editor.notFoundHint'),
    loadFailed: t('designer.editor.loadFailed'),
    backToList: t('designer.editor.backToTemplate'),
    retry: t('designer.editor.retry'),
  };
  const common = { valid, notFoundCode: NOT_FOUND, texts, onBack: back, backButton };
  const state =
    detailState({ query: design, ...common }) ??
    detailState({ query: template, ...common }) ??
    detailState({ query: dataSources, ...common });
  if (state) return state;
  if (!design.data || !template.data || !dataSources.data) return <DetailLoading before={backButton} />;

  return (
    <DesignSession
      // A session per screen: moving to another screen starts afresh (its store, revision and draft).
      key={design.data.id}
      design={design.data}
      templateName={template.data.template.name}
      dataSources={dataSources.data}
      screens={screens}
      devices={template.data.devices}
      backButton={backButton}
    />
  );
}
