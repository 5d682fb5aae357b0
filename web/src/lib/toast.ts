// Toasts and confirm dialogs usable outside React (the request wrapper), bridged to antd's App context.
import { message as staticMessage, Modal } from 'antd';
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

/** Called by the app's FeedbackBridge with the themed instances from antd's `App.useApp()`. */
export function bindFeedback(apis: { message: MessageApi | null; modal: ModalApi | null }): void {
  messageApi = apis.message;
  modalApi = apis.modal;
}

function message(): MessageApi {
  return messageApi ?? staticMessage;
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
  message().open({
    type,
    content,
    duration: ms / 1000,
    key,
    onClose: () => {
      if (visibleErrors.delete(key) && visibleErrors.size === 0) setErrorFlag(false);
    },
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

/** Test helper: forget visible toasts. */
export function resetToasts(): void {
  visibleErrors.clear();
  clearToastErrors();
  seq = 0;
}

/** Resolves true on OK, false on cancel. */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const api: ModalApi = modalApi ?? Modal;
    api.confirm({
      ...options,
      onOk: () => {
        resolve(true);
      },
      onCancel: () => {
        resolve(false);
      },
    });
  });
}
