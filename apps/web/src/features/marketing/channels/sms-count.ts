// The one SMS counter, shared with the server: the file the server counts with at save.
export { countSms, type SmsCount } from '../../../../../server/src/modules/marketing/channels/sms-counter';
