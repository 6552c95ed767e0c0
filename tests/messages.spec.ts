/**
 * The message centre end to end against the real server: a message the ops CLI publishes pops
 * up and sets the unread dot; opening it reads it; read all; delete.
 */
import { expect, test } from '@playwright/test';
import { api, apiLogin, closePopupsAsTheyOpen, ops } from './harness/more-helpers.ts';
import { loginAsDemo } from './harness/session.ts';

test.describe('message centre', () => {
  test('publish → popup and unread dot → detail reads → read all → delete', async ({ page }) => {
    const stamp = Date.now().toString(36);
    ops('publish', `Popup ${stamp}`, 'A popup from ops', '--popup');
    ops('publish', `Notice ${stamp}`, `Plain notice body ${stamp}`);
    await loginAsDemo(page);
    await page.getByRole('link', { name: 'My' }).click();

    // The newest unread popup message shows once on the My tab; closing it reads it.
    const popup = page.getByRole('dialog', { name: `Popup ${stamp}` });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Got it' }).click();
    await expect(popup).toBeHidden();
    await page.getByRole('link', { name: 'Wallet management' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: `Popup ${stamp}` })).toHaveCount(0);
    await closePopupsAsTheyOpen(page);

    // Unread dot on the My tab and the count on the Messages entry.
    await expect(page.getByRole('img', { name: 'Unread messages', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Messages/ }).getByRole('img', { name: /unread/ })).toBeVisible();
    await page.getByRole('link', { name: /Messages/ }).click();
    await expect(page).toHaveURL(/\/pages\/my\/message$/);
    const row = page.getByRole('listitem').filter({ hasText: `Notice ${stamp}` });
    await expect(row.getByRole('img', { name: 'Unread' })).toBeVisible();
    await row.getByRole('link').click();
    await expect(page).toHaveURL(/message-detail\?id=\d+$/);
    await expect(page.getByText(`Plain notice body ${stamp}`)).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(row.getByRole('img', { name: 'Unread' })).toHaveCount(0);

    // Mark all read: the dot goes.
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('All messages marked as read')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Unread' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/pages\/my\/index$/);
    await expect(page.getByRole('img', { name: 'Unread messages', exact: true })).toHaveCount(0);

    // Delete with confirmation.
    await page.getByRole('link', { name: /Messages/ }).click();
    await page.getByRole('button', { name: `Delete “Notice ${stamp}”` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete message?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Deleted', { exact: true })).toBeVisible();
    await expect(page.getByText(`Notice ${stamp}`)).toHaveCount(0);
    const token = await apiLogin();
    const list = await api<{ list: Array<{ title: string }> }>('/notify/list?page=1&pageSize=100', { token });
    expect(list.list.map((m) => m.title)).not.toContain(`Notice ${stamp}`);
  });
});
