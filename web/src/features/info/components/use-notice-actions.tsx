// What a writer does with a notice they manage, for the board's rows and the notice's drawer alike: edit it (a draft
// or a scheduled one), send it now (after a confirmation saying whom it goes to and that it cannot be taken back),
// schedule it or move its time, cancel its schedule, delete it (after a confirmation). A notice the caller may not
// manage has none.
import {
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

import type { RowAction } from '@/components/table/row-actions';
import { toast } from '@/lib/toast';
import { useCancelNotice, useDeleteNotice, useSendNotice } from '../api/board';
import type { NoticeOut } from '../api/system-msg-types';
import { formatSchedule, noticeAudience } from '../lib/system-msg';

export interface NoticeActionHandlers {
  onView?: (notice: NoticeOut) => void;
  onEdit: (notice: NoticeOut) => void;
  onSchedule: (notice: NoticeOut) => void;
  /** The notice as the server answered a send or a cancel. */
  onChanged?: (notice: NoticeOut) => void;
  onDeleted?: (notice: NoticeOut) => void;
}

export function useNoticeActions(handlers: NoticeActionHandlers) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const send = useSendNotice();
  const cancel = useCancelNotice();
  const remove = useDeleteNotice();

  const confirmSend = (notice: NoticeOut) => {
    void modal.confirm({
      title: t('info.systemMsg.send.title', { title: notice.title }),
      content: (
        <>
          <p>{t('info.systemMsg.send.audience', { audience: noticeAudience(t, notice, true) })}</p>
          {notice.state === 'scheduled' && (
            <p>{t('info.systemMsg.send.replaces', { time: formatSchedule(notice.send_at) })}</p>
          )}
          <p>{t('info.systemMsg.send.final')}</p>
        </>
      ),
      icon: <SendOutlined />,
      okText: t('info.systemMsg.send.ok'),
      cancelText: t('common.action.cancel'),
      onOk: async () => {
        const sent = await send.mutateAsync({ id: notice.id });
        toast.success(t('info.systemMsg.send.done', { count: sent.recipients }));
        handlers.onChanged?.(sent);
      },
    });
  };

  const cancelSchedule = (notice: NoticeOut) => {
    cancel.mutate(notice.id, {
      onSuccess: (draft) => {
        toast.success(t('info.systemMsg.cancelSchedule.done'));
        handlers.onChanged?.(draft);
      },
    });
  };

  const confirmDelete = (notice: NoticeOut) => {
    void modal.confirm({
      title: t('info.systemMsg.delete.title', { title: notice.title }),
      content: t(`info.systemMsg.delete.content.${notice.state}`),
      okText: t('info.systemMsg.delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.action.cancel'),
      onOk: async () => {
        await remove.mutateAsync(notice.id);
        toast.success(t('info.systemMsg.delete.done'));
        handlers.onDeleted?.(notice);
      },
    });
  };

  /** The actions on `notice`, most used first; `view` adds "open" for a sent one (which has little else). */
  const actionsFor = (notice: NoticeOut, view = false): RowAction[] => {
    const open: RowAction | false = view &&
      handlers.onView !== undefined && {
        key: 'view',
        label: t('info.systemMsg.action.view'),
        icon: <EyeOutlined />,
        onClick: () => handlers.onView?.(notice),
      };
    if (!notice.manageable) return open ? [open] : [];
    const del: RowAction = {
      key: 'delete',
      label: t('info.systemMsg.action.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      menu: true,
      onClick: () => {
        confirmDelete(notice);
      },
    };
    if (notice.state === 'sent') return open ? [open, del] : [del];
    const scheduled = notice.state === 'scheduled';
    return [
      {
        key: 'send',
        label: t('info.systemMsg.action.send'),
        icon: <SendOutlined />,
        onClick: () => {
          confirmSend(notice);
        },
      },
      {
        key: 'edit',
        label: t('info.systemMsg.action.edit'),
        icon: <EditOutlined />,
        onClick: () => {
          handlers.onEdit(notice);
        },
      },
      {
        key: 'schedule',
        label: scheduled ? t('info.systemMsg.action.reschedule') : t('info.systemMsg.action.schedule'),
        icon: <ClockCircleOutlined />,
        menu: true,
        onClick: () => {
          handlers.onSchedule(notice);
        },
      },
      scheduled && {
        key: 'cancel',
        label: t('info.systemMsg.action.cancelSchedule'),
        icon: <StopOutlined />,
        menu: true,
        loading: cancel.isPending,
        onClick: () => {
          cancelSchedule(notice);
        },
      },
      del,
    ].filter((a): a is RowAction => Boolean(a));
  };

  return { actionsFor };
}
