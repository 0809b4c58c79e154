export { FailurePanel, QueryFailure, type FailedQuery, type FailurePanelProps } from './failure-panel';
