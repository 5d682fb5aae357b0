// antd's App for lib/toast (toasts and confirm dialogs) and the offline prompt, mounted beside the routes rather
// than inside them: a toast shown just before a page change (signed out, password reset, session expired) stays
// on screen over /login, which loads no antd. Loaded by app/providers.tsx when a page that uses antd opens or the
// first toast is asked for.
import { App as AntApp } from 'antd';

import { AntdRoot } from './antd-root';
import { FeedbackBridge } from './feedback-bridge';
import { OfflineBanner } from './offline-banner';

export default function FeedbackHost() {
  return (
    <AntdRoot>
      <AntApp component={false} message={{ maxCount: 5, top: 64 }}>
        <FeedbackBridge />
        <OfflineBanner />
      </AntApp>
    </AntdRoot>
  );
}
