import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonRecipe } from '@/ui';
import { expectNoAxeViolations } from './axe';

describe('Button', () => {
  it('is a named button that runs its action and never submits a form by accident', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button onClick={onClick}>Create compute</Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Create compute' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('while loading shows it is busy, ignores presses and stays focusable', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button type="submit" loading onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.querySelector('.spinner')).not.toBeNull();

    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(button);
    await expectNoAxeViolations();
  });

  it('submits its form when pressed after loading ends', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button type="submit" loading>
          Save
        </Button>
      </form>,
    );
    rerender(
      <form onSubmit={(event) => onSubmit(event.nativeEvent)}>
        <Button type="submit">Save</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.hasAttribute('aria-busy')).toBe(false);
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a disabled button cannot be pressed', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Delete
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('lends its look to a link with asChild, keeping the link a link', async () => {
    render(
      <Button asChild variant="outline">
        <a href="/computes">All computes</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'All computes' });
    expect(link.getAttribute('href')).toBe('/computes');
    expect(link.className).toContain(buttonRecipe({ variant: 'outline' }).split(' ')[0]);
    expect(link.className).toContain('button--variant_outline');
    expect(link.hasAttribute('type')).toBe(false);
    expect(screen.queryByRole('button')).toBeNull();
    await expectNoAxeViolations();
  });

  it('exports its recipe so router links can look like any variant', () => {
    expect(buttonRecipe({ variant: 'danger', size: 'sm' })).toContain('button--variant_danger');
    expect(buttonRecipe({ variant: 'danger', size: 'sm' })).toContain('button--size_sm');
  });
});
