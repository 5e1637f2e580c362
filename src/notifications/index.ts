export { startReceiver, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_EVENTS, type NotificationReceiver, type ReceiverOptions } from './receiver';
export { describeNotification } from './describeNotification';
export type { NotificationEvent, NotificationSource, NotificationSummary } from './notificationEvent';
