export { SectionBoundary } from './section-boundary';
