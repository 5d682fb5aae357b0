// Toasts and confirm dialogs usable outside React (the request wrapper), bridged to antd's App context. No antd
// here: /login loads none. Until the app's feedback host (app/feedback-host.tsx, antd's App outside the routes) has
// bound its instances, calls wait in a queue and ask for the host, which the app then loads and mounts.
import type { ReactNode } from 'react';
import { createStore } from 'zustand/vanilla';

import { ERROR_TOAST_DURATION_MS, TOAST_DURATION_MS } from './constants';
import { setErrorFlag } from './session';

export type ToastKind = 'success' | 'warning' | 'info' | 'error';

export interface MessageApi {
  open: (config: {
    type: ToastKind;
    content: ReactNode;
    duration: number;
    key: string;
    onClose?: () => void;
  }) => unknown;
  destroy: (key?: string) => void;
}

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: ReactNode;
  cancelText?: ReactNode;
  type?: 'warning' | 'confirm';
  danger?: boolean;
}

export interface ModalApi {
  confirm: (config: ConfirmOptions & { onOk: () => void; onCancel: () => void }) => unknown;
}

let messageApi: MessageApi | null = null;
let modalApi: ModalApi | null = null;
/** Calls made before the instances were bound, in order. */
let pending: (() => void)[] = [];

/** Whether something asked for toasts or dialogs: app/providers.tsx then loads and mounts the feedback host. */
export const feedbackStore = createStore<{ wanted: boolean }>()(() => ({ wanted: false }));

/** Asks the app for its feedback host (antd's App): on the first toast, or when a page that uses antd opens. */
export function requestFeedback(): void {
  if (!feedbackStore.getState().wanted) feedbackStore.setState({ wanted: true });
}

/** Called by the app's FeedbackBridge with the themed instances from antd's `App.useApp()`. */
export function bindFeedback(apis: { message: MessageApi | null; modal: ModalApi | null }): void {
  messageApi = apis.message;
  modalApi = apis.modal;
  if (!messageApi || !modalApi) return;
  const queued = pending;
  pending = [];
  for (const call of queued) call();
}

/** Runs `call` with the bound instances, at once or once they are bound. */
function withFeedback(call: (apis: { message: MessageApi; modal: ModalApi }) => void): void {
  if (messageApi && modalApi) {
    call({ message: messageApi, modal: modalApi });
    return;
  }
  pending.push(() => {
    withFeedback(call);
  });
  requestFeedback();
}

// Toast errors kept for the status area / diagnostics (SPEC §8: "kept in a list with add and clear").
export const toastErrorStore = createStore<{ errors: string[] }>()(() => ({ errors: [] }));

export function addToastError(text: string): void {
  toastErrorStore.setState((s) => ({ errors: [...s.errors, text].slice(-50) }));
}

export function clearToastErrors(): void {
  toastErrorStore.setState({ errors: [] });
}

const visibleErrors = new Set<string>();
let seq = 0;

export interface ToastOptions {
  /** Milliseconds; defaults: 3000, errors 5000. */
  duration?: number;
  /** Errors only: skip this toast while another error toast is still visible. */
  exclusive?: boolean;
}

function show(type: ToastKind, content: ReactNode, options: ToastOptions = {}): void {
  seq += 1;
  const key = `iotyun-toast-${String(seq)}`;
  const ms = options.duration ?? (type === 'error' ? ERROR_TOAST_DURATION_MS : TOAST_DURATION_MS);
  if (type === 'error') {
    setErrorFlag(true);
    addToastError(typeof content === 'string' ? content : type);
    if (options.exclusive && visibleErrors.size > 0) return;
    visibleErrors.add(key);
  }
  withFeedback(({ message }) => {
    message.open({
      type,
      content,
      duration: ms / 1000,
      key,
      onClose: () => {
        if (visibleErrors.delete(key) && visibleErrors.size === 0) setErrorFlag(false);
      },
    });
  });
}

export const toast = {
  success: (content: ReactNode, options?: ToastOptions) => {
    show('success', content, options);
  },
  warning: (content: ReactNode, options?: ToastOptions) => {
    show('warning', content, options);
  },
  info: (content: ReactNode, options?: ToastOptions) => {
    show('info', content, options);
  },
  error: (content: ReactNode, options?: ToastOptions) => {
    show('error', content, options);
  },
};

/** Number of error toasts currently on screen. */
export function visibleErrorToasts(): number {
  return visibleErrors.size;
}

/** Test helper: forget visible and queued toasts. */
export function resetToasts(): void {
  visibleErrors.clear();
  clearToastErrors();
  pending = [];
  seq = 0;
}

/** Resolves true on OK, false on cancel. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    withFeedback(({ modal }) => {
      modal.confirm({
        ...options,
        onOk: () => {
          resolve(true);
        },
        onCancel: () => {
          resolve(false);
        },
      });
    });
  });
}
