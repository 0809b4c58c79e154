/**
 * The spec's messages and their filler: `messages.someKey` is a sentence exactly as the spec words it
 * (`message-texts.ts`), `formatMessage` fills its `{name}` values.
 */
export { messages, type MessageKey } from './message-texts';
export { formatMessage } from './format-message';
