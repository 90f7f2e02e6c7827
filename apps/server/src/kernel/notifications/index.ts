/** Notifications surface: console notifications (the bell) any module raises in its write's transaction. */
export { type NewNotification, notify } from './notify';
export { notificationsResource } from './resource';
export { notifications } from './tables';
