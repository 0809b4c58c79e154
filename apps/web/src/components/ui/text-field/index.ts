export { TextField, type TextFieldProps } from './text-field';
export { FieldError } from './field-messages';
