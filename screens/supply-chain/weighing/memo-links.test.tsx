import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoLinksView } from './memo-links.tsx';

afterEach(cleanup);

describe('磅单详情: 派车单 and 电子磅单 (issue 24)', () => {
  it('shows the slip number as a link to its 派车单详情 and the e-ticket trace link', () => {
    render(<MemoLinksView slipId="1500000000000000042" slipNo="PC202611280001" eticketPath="/trace/abc123" />);
    expect(screen.getByText('派车单与电子磅单')).toBeTruthy();
    const slip = screen.getByTestId('memo-slip-link');
    expect(slip.textContent).toBe('PC202611280001');
    expect(slip.getAttribute('href')).toBe('/supply-chain/dispatch-slip-detail/1500000000000000042');
    const eticket = screen.getByTestId('memo-eticket-link');
    expect(eticket.getAttribute('href')).toBe('/trace/abc123');
    expect(eticket.textContent).toContain('电子磅单');
  });

  it('a weighing under a slip without an e-ticket shows the slip and — for the ticket', () => {
    render(<MemoLinksView slipId="7" slipNo="PC202611280002" eticketPath="" />);
    expect(screen.getByTestId('memo-slip-link').textContent).toBe('PC202611280002');
    expect(screen.queryByTestId('memo-eticket-link')).toBeNull();
    expect(screen.getByText('电子磅单').nextSibling?.textContent).toBe('—');
  });

  it('a weighing with neither shows no card', () => {
    const { container } = render(<MemoLinksView slipId={null} slipNo={null} eticketPath="" />);
    expect(container.innerHTML).toBe('');
  });
});
