// Hands antd's context-aware message and modal instances to lib/toast (used by the request wrapper).
import { App } from 'antd';
import { useEffect } from 'react';

import { bindFeedback } from '@/lib/toast';

export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    bindFeedback({ message, modal });
    return () => {
      bindFeedback({ message: null, modal: null });
    };
  }, [message, modal]);
  return null;
}
