import { Toast } from '@douyinfe/semi-ui';

/** Spec §8 "Generic fallback toast": an error that brings no message of its own. */
export const FALLBACK_ERROR = 'Has Error';

/** Spec §8: error toasts last 3 s. One place so tests can mock it. */
export function notifyError(message: string | null | undefined): void {
  const text = typeof message === 'string' ? message.trim() : '';
  Toast.error({ content: text || FALLBACK_ERROR, duration: 3 });
}
export function notifyWarning(message: string): void {
  Toast.warning({ content: message, duration: 3 });
}
export function notifySuccess(message: string): void {
  Toast.success({ content: message, duration: 3 });
}
