// The layout route around every page but /login: antd's theme and locale, and antd's App for the pages' own
// `App.useApp()` dialogs. A chunk of its own, so /login loads no antd (issue 13, point 3).
import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';

import { requestFeedback } from '@/lib/toast';
import { AntdRoot } from '../antd-root';

// The feedback host (lib/toast's antd instances, beside the routes) loads with this layout rather than at the
// first toast.
requestFeedback();

export default function AntdLayout() {
  return (
    <AntdRoot>
      <AntApp className="app-root">
        <Outlet />
      </AntApp>
    </AntdRoot>
  );
}
