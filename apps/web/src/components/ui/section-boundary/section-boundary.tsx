import { Component, type ErrorInfo, type ReactNode } from 'react';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { FailurePanel } from '@/components/ui/failure-panel';

interface SectionBoundaryProps {
  children: ReactNode;
  /** What the section is, for the log (e.g. "quarter results"). */
  name: string;
  retryLabel?: string;
}

interface BoundaryProps extends SectionBoundaryProps {
  onReset: () => void;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn(`The ${this.props.name} section failed to render`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onReset();
    this.setState({ error: undefined, failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <FailurePanel
        error={this.state.error}
        onRetry={this.retry}
        {...(this.props.retryLabel ? { retryLabel: this.props.retryLabel } : {})}
      />
    );
  }
}

/**
 * An error boundary around one section of a page: when that section throws while rendering, only it shows the
 * failure panel with a retry (which also resets the section's failed queries), and the rest of the page stays.
 */
export function SectionBoundary(props: SectionBoundaryProps) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => <Boundary {...props} onReset={reset} />}
    </QueryErrorResetBoundary>
  );
}
