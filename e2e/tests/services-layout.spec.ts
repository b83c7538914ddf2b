import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';

test.describe('the services layout', () => {
  test('at 998 px or less the menu is a popover: keyboard-operable, axe-clean while open', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 998, height: 800 });
    await page.goto('/faqs');
    await expect(page.locator('[data-layout="mobile"]')).toBeVisible();
    const trigger = page.getByRole('button', { name: 'Help and information' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Help and information' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Frequently asked questions/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
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
