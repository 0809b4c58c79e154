export { Choice, ChoiceGroup } from './choice-group';
