import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, VisuallyHidden } from '@/ui';
import { expectNoAxeViolations } from './axe';

function Records({ hideCaption = false }: { hideCaption?: boolean }) {
  return (
    <Table.Root caption="DNS records" hideCaption={hideCaption}>
      <Table.Head>
        <Table.Row>
          <Table.Header>Type</Table.Header>
          <Table.Header>Hostname</Table.Header>
          <Table.Header>Value</Table.Header>
          <Table.Header numeric>TTL</Table.Header>
        </Table.Row>
      </Table.Head>
      <Table.Body>
        <Table.Row>
          <Table.Cell>A</Table.Cell>
          <Table.Cell mono>@</Table.Cell>
          <Table.Cell mono>192.0.2.10</Table.Cell>
          <Table.Cell numeric>1800</Table.Cell>
        </Table.Row>
      </Table.Body>
    </Table.Root>
  );
}

describe('Table', () => {
  it('is a real table named by its caption, with column headers', async () => {
    render(<Records />);
    const table = screen.getByRole('table', { name: 'DNS records' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Type', 'Hostname', 'Value', 'TTL']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['A', '@', '192.0.2.10', '1800']);
    await expectNoAxeViolations();
  });

  it('scrolls in a named region that keyboard users can reach', async () => {
    render(<Records />);
    const region = screen.getByRole('region', { name: 'DNS records' });
    expect(region.tabIndex).toBe(0);
    expect(region.contains(screen.getByRole('table'))).toBe(true);
  });

  it('can keep the caption for screen readers only', async () => {
    render(
      <>
        <Records hideCaption />
        <VisuallyHidden>reference</VisuallyHidden>
      </>,
    );
    expect(screen.getByRole('table', { name: 'DNS records' })).toBeTruthy();
    expect(screen.getByText('DNS records').className).toBe(screen.getByText('reference').className);
    await expectNoAxeViolations();
  });

  it('marks numeric and code-like cells for their own alignment and font', () => {
    render(<Records />);
    expect(screen.getByRole('cell', { name: '1800' }).hasAttribute('data-numeric')).toBe(true);
    expect(screen.getByRole('columnheader', { name: 'TTL' }).hasAttribute('data-numeric')).toBe(true);
    expect(screen.getByRole('cell', { name: '192.0.2.10' }).hasAttribute('data-mono')).toBe(true);
    expect(screen.getByRole('cell', { name: 'A' }).hasAttribute('data-mono')).toBe(false);
  });
});
