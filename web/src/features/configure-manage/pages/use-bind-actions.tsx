// Bind and unbind on the template binding page: each confirms with the devices it concerns and the notes (already
// bound, VPN, bound elsewhere, unsupported); a refusal the page explains in place goes to onRefusal.
import { App, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useBindDevices } from '../api/bind-devices';
import { useUnbindDevices } from '../api/bind-unbind';
import { bindPlan, nameList, unbindTargets } from '../lib/library-bind';
import type { BindRow, LibraryTemplate } from '../types-library';

/** Server codes the binding page explains in place (docs/api-templates.md "Binding"). */
const BIND_REFUSALS = new Set(['115008', '115009', '110511']);

export interface Refusal {
  title: string;
  detail: string;
}

interface BindActionsOptions {
  template: LibraryTemplate | null;
  selected: BindRow[];
  /** After a bind or unbind went through: clear the selection and the refusal. */
  onDone: () => void;
  onRefusal: (refusal: Refusal) => void;
}

export function useBindActions({ template, selected, onDone, onRefusal }: BindActionsOptions) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const bind = useBindDevices();
  const unbind = useUnbindDevices();

  const showRefusal = (title: string, e: unknown) => {
    if (isApiError(e) && BIND_REFUSALS.has(e.code)) onRefusal({ title, detail: e.detail });
    else toast.error(isApiError(e) ? e.detail : t('configure.bind.failed'));
  };

  const names = (rows: BindRow[]) => {
    const { names: list, more } = nameList(rows, t('configure.bind.listSeparator'));
    return more > 0 ? t('configure.bind.namesMore', { names: list, count: more }) : list;
  };

  const onBind = () => {
    if (!template) return;
    const plan = bindPlan(selected, template.id);
    if (plan.bind.length === 0) {
      toast.info(t('configure.bind.nothingToBind'));
      return;
    }
    const notes: ReactNode[] = [];
    if (plan.already.length) notes.push(t('configure.bind.confirm.already', { count: plan.already.length }));
    if (plan.vpn.length)
      notes.push(t('configure.bind.confirm.vpn', { count: plan.vpn.length, names: names(plan.vpn) }));
    if (plan.elsewhere.length)
      notes.push(
        t('configure.bind.confirm.elsewhere', { count: plan.elsewhere.length, names: names(plan.elsewhere) }),
      );
    if (plan.unsupported.length)
      notes.push(
        t('configure.bind.confirm.unsupported', {
          count: plan.unsupported.length,
          names: names(plan.unsupported),
        }),
      );
    void modal.confirm({
      title: t('configure.bind.confirm.bindTitle', { count: plan.bind.length, name: template.name }),
      content: (
        <div className="tpl-lib-confirm">
          <Typography.Paragraph>{names(plan.bind)}</Typography.Paragraph>
          {notes.length > 0 && (
            <ul className="tpl-lib-confirm__notes">
              {notes.map((note, i) => (
                <li key={i}>{note}</li>
              ))}
            </ul>
          )}
          {template.published && (
            <Typography.Paragraph type="secondary">
              {t('configure.bind.confirm.published')}
            </Typography.Paragraph>
          )}
        </div>
      ),
      okText: t('configure.bind.action.bind'),
      cancelText: t('common.action.cancel'),
      onOk: () =>
        bind.mutateAsync({ template_id: template.id, device_ids: plan.bind.map((r) => r.device.id) }).then(
          () => {
            toast.success(t('configure.bind.bound', { count: plan.bind.length }));
            onDone();
          },
          (e: unknown) => showRefusal(t('configure.bind.refused.bind'), e),
        ),
    });
  };

  const onUnbind = () => {
    if (!template) return;
    const targets = unbindTargets(selected, template.id);
    if (targets.length === 0) {
      toast.info(t('configure.bind.nothingToUnbind'));
      return;
    }
    void modal.confirm({
      title: t('configure.bind.confirm.unbindTitle', { count: targets.length, name: template.name }),
      content: (
        <div className="tpl-lib-confirm">
          <Typography.Paragraph>{names(targets)}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            {t('configure.bind.confirm.unbindHint')}
          </Typography.Paragraph>
        </div>
      ),
      okText: t('configure.bind.action.unbind'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: () =>
        unbind.mutateAsync({ template_id: template.id, device_ids: targets.map((r) => r.device.id) }).then(
          () => {
            toast.success(t('configure.bind.unbound', { count: targets.length }));
            onDone();
          },
          (e: unknown) => showRefusal(t('configure.bind.refused.unbind'), e),
        ),
    });
  };

  return { onBind, onUnbind, binding: bind.isPending, unbinding: unbind.isPending };
}
