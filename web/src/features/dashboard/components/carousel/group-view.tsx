// One carousel group at work: its stage (rotation over the devices that have a screen) and its device list. The page
// mounts it per group (a key), so another group starts at its own first device.
import { useCarouselDevices } from '../../api/carousel-devices';
import type { CarouselGroup } from '../../types';
import { CarouselStage } from './carousel-stage';
import { DeviceList } from './device-list';
import { useRotation } from './use-rotation';

const NONE: never[] = [];

export function GroupView({ group }: { group: CarouselGroup }) {
  const query = useCarouselDevices(group.id);
  const devices = query.data ?? NONE;
  const rotation = useRotation({ devices, interval: group.interval, rotate: group.rotate });
  return (
    <>
      <div className="carousel-layout__stage">
        {query.isPending || query.isError ? (
          <div className="carousel-stage carousel-stage--waiting" aria-busy={query.isPending} />
        ) : (
          <CarouselStage group={group} devices={devices} rotation={rotation} />
        )}
      </div>
      <div className="carousel-layout__devices">
        <DeviceList
          group={group}
          devices={devices}
          loading={query.isPending}
          error={query.isError}
          onRetry={() => void query.refetch()}
          shownId={rotation.current?.device_id}
          onShow={rotation.show}
        />
      </div>
    </>
  );
}
