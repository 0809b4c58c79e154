export { FailurePanel, type FailurePanelProps } from './failure-panel';
