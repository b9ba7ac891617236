import { Component, type ReactNode } from 'react';

/**
 * Keeps a wall screen up when one of its parts fails — typically a lazy chunk (the map) whose download was cut by
 * a server restart: the part says so and the rest of the screen keeps updating. Unattended walls heal by
 * themselves: once the server answers again the page reloads (a failed dynamic import is not retried by the
 * browser).
 */
export class WallBoundary extends Component<{ children: ReactNode; label: string }, { failed: boolean }> {
  state = { failed: false };
  private timer: ReturnType<typeof setInterval> | undefined;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch() {
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      void fetch('/api/blade-system/site-info')
        .then((r) => r.ok && window.location.reload())
        .catch(() => undefined);
    }, 30_000);
  }

  componentWillUnmount() {
    clearInterval(this.timer);
  }

  render() {
    if (this.state.failed)
      return (
        <p data-testid="wall-part-failed" style={{ fontSize: 22, color: '#ffb86b' }}>
          {this.props.label}加载失败，服务器恢复后自动重试
        </p>
      );
    return this.props.children;
  }
}
