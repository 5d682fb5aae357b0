// The dialogs of the device grouping page: register, import, move, group form and the per-device edit, share,
// distribute, transfer and file-share dialogs; one open at a time.
import { DeviceEditModal } from '../components/registry/device-edit-modal';
import { DistributeModal } from '../components/sharing/distribute-modal';
import { FileShareModal } from '../components/sharing/file-share-modal';
import { GroupFormModal } from '../components/groups/group-form-modal';
import { ImportDevicesModal } from '../components/registry/import-devices-modal';
import { MoveDevicesModal } from '../components/registry/move-devices-modal';
import { RegisterDeviceModal } from '../components/registry/register-device-modal';
import { ShareModal } from '../components/sharing/share-modal';
import { TransferModal } from '../components/sharing/transfer-modal';
import type { DeviceGroupOut, DeviceOut } from '../types';

export type DevgroupDialog =
  | { kind: 'register'; sn?: string }
  | { kind: 'import' }
  | { kind: 'move' }
  | { kind: 'group'; group: DeviceGroupOut | null }
  | { kind: 'edit' | 'share' | 'distribute' | 'transfer' | 'fileShare'; device: DeviceOut };

interface DevgroupDialogsProps {
  dialog: DevgroupDialog | null;
  open: boolean;
  /** The selected devices (the move dialog's). */
  selected: DeviceOut[];
  /** The group a registered device goes to. */
  groupId: number | undefined;
  onClose: () => void;
  onMoved: () => void;
  onGroupCreated: (group: DeviceGroupOut) => void;
}

export function DevgroupDialogs({
  dialog,
  open,
  selected,
  groupId,
  onClose,
  onMoved,
  onGroupCreated,
}: DevgroupDialogsProps) {
  return (
    <>
      <RegisterDeviceModal
        open={open && dialog?.kind === 'register'}
        sn={dialog?.kind === 'register' ? dialog.sn : undefined}
        groupId={groupId}
        onClose={onClose}
      />
      <ImportDevicesModal open={open && dialog?.kind === 'import'} onClose={onClose} />
      <MoveDevicesModal
        open={open && dialog?.kind === 'move'}
        devices={selected}
        onClose={onClose}
        onMoved={onMoved}
      />
      <GroupFormModal
        open={open && dialog?.kind === 'group'}
        group={dialog?.kind === 'group' ? dialog.group : null}
        onClose={onClose}
        onCreated={onGroupCreated}
      />
      <DeviceEditModal
        open={open && dialog?.kind === 'edit'}
        device={dialog?.kind === 'edit' ? dialog.device : null}
        onClose={onClose}
      />
      <ShareModal
        open={open && dialog?.kind === 'share'}
        device={dialog?.kind === 'share' ? dialog.device : null}
        onClose={onClose}
      />
      <DistributeModal
        open={open && dialog?.kind === 'distribute'}
        device={dialog?.kind === 'distribute' ? dialog.device : null}
        onClose={onClose}
      />
      <TransferModal
        open={open && dialog?.kind === 'transfer'}
        device={dialog?.kind === 'transfer' ? dialog.device : null}
        onClose={onClose}
      />
      <FileShareModal
        open={open && dialog?.kind === 'fileShare'}
        device={dialog?.kind === 'fileShare' ? dialog.device : null}
        onClose={onClose}
      />
    </>
  );
}
