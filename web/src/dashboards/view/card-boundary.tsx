// One card's error boundary: a widget that throws (or whose chunk fails to load) shows what went wrong on its own
// card, with a retry; the dashboard and the other cards keep running.
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** What the card shows instead, and how to try again. */
  fallback: (error: Error, retry: () => void) => ReactNode;
  /** A change (the card's settings) clears a caught error: the new settings may well work. */
  resetKey: unknown;
}

interface State {
  error: Error | null;
}

export class CardBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: Props): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  private readonly retry = (): void => {
    this.setState({ error: null });
  };

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}
