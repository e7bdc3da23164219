// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClassicFallback } from '../app/_fallback/ClassicFallback';
import { CLASSIC_SENTENCE } from '../scenarios/golden';

afterEach(cleanup);

describe('ClassicFallback', () => {
  it('shows the server sentence and the digest line', () => {
    render(<ClassicFallback variant="server" host="shop.example.test" digest="2010230941" />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(CLASSIC_SENTENCE.server('shop.example.test'));
    expect(screen.getByText(/^Digest:/).textContent).toBe('Digest: 2010230941');
    expect(screen.getByText(/^Digest:/).tagName).toBe('P');
  });

  it('shows no digest line for the server variant without a digest', () => {
    render(<ClassicFallback variant="server" host="h.test" />);
    expect(screen.queryByText(/^Digest:/)).toBeNull();
  });

  it('shows the client sentence and never a digest line', () => {
    render(<ClassicFallback variant="client" host="127.0.0.1" digest="123" />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(CLASSIC_SENTENCE.client('127.0.0.1'));
    expect(screen.queryByText(/^Digest:/)).toBeNull();
  });

  it('keeps the classic styles', () => {
    const { container } = render(<ClassicFallback variant="server" host="h" digest="1" />);
    const outer = container.firstElementChild as HTMLElement;
    expect(outer.style.height).toBe('100vh');
    expect(outer.style.justifyContent).toBe('center');
    const heading = screen.getByRole('heading');
    expect([heading.style.fontSize, heading.style.lineHeight, heading.style.margin]).toEqual(['14px', '28px', '0px 8px']);
  });
});
