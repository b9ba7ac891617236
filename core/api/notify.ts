import { Toast } from '@douyinfe/semi-ui';

/** Spec §8: error toasts last 3 s. One place so tests can mock it. */
export function notifyError(message: string): void {
  Toast.error({ content: message, duration: 3 });
}
export function notifyWarning(message: string): void {
  Toast.warning({ content: message, duration: 3 });
}
export function notifySuccess(message: string): void {
  Toast.success({ content: message, duration: 3 });
}
