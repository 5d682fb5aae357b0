// Centered loading indicator shown while the first route resolves.
import { Spin } from 'antd';

export function FullPageSpinner() {
  return (
    <div className="full-page-spinner" role="status" aria-busy="true">
      <Spin size="large" />
    </div>
  );
}
