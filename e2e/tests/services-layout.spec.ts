import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';

test.describe('the services layout', () => {
  test('at 998 px or less the menu is a disclosure: keyboard-operable, axe-clean while open', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 998, height: 800 });
    await page.goto('/faqs');
    await expect(page.locator('[data-layout="mobile"]')).toBeVisible();
    const trigger = page.getByRole('button', { name: 'Help and information' });
    const menu = page.getByRole('navigation', { name: 'Help and information' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-controls', (await menu.getAttribute('id')) ?? 'no id');
    await expect(menu.getByRole('link', { name: /Frequently asked questions/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoAxeViolations(page);
    // Into the menu with Tab, then Escape: closed, and focus back on the button.
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
    // A press outside closes it too; an entry opens its page and closes the menu.
    await trigger.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(980, 600); // the page's right side, beside the open menu
    await expect(menu).toBeHidden();
    await trigger.click();
    await menu.getByRole('link', { name: /Contact us/ }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
    await expect(menu).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('above 998 px the menu is on the left, the active entry highlighted by route', async ({ page }) => {
    await page.setViewportSize({ width: 999, height: 800 });
    await page.goto('/contact');
    await expect(page.locator('[data-layout="desktop"]')).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Help and information' });
    await expect(menu.getByRole('link', { name: /Contact us/ })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: /Data privacy policy/ }).click();
    await expect(page).toHaveURL(/\/data-privacy-policy$/);
    await expect(menu.getByRole('link', { name: /Data privacy policy/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menu.getByRole('link', { name: /Contact us/ })).not.toHaveAttribute('aria-current', 'page');
  });
});
