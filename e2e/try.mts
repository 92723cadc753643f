import { chromium } from 'playwright-core';
import { openSignedIn } from './src/browser.ts';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
// Public: register without a card, as utente
const u = await openSignedIn(browser as any, 'http://localhost:5173', { email: 'utente@demo.beach', path: '/profilo', heading: 'Il mio profilo', width: 390 }
);
await u.goto('http://localhost:5173/tornei'); await u.locator('h1').first().waitFor(); console.log('h1', await u.locator('h1').first().textContent()); (0);
await u.getByRole('link', { name: 'Adriatica Beach Cup' }).first().click();
await u.getByRole('button', { name: 'Iscriviti con un compagno' }).click();
const reg = u.getByRole('dialog');
await reg.getByRole('button', { name: 'Conferma l’iscrizione' }).click();
await u.waitForTimeout(500);
console.log('no partner:', await reg.textContent());
await reg.getByLabel('E-mail del compagno o della compagna').fill('non-una-email');
await reg.getByRole('button', { name: 'Conferma l’iscrizione' }).click();
await u.waitForTimeout(800);
console.log('bad email:', await reg.textContent());
await reg.getByLabel('E-mail del compagno o della compagna').fill('amico@example.com');
await reg.getByRole('button', { name: 'Conferma l’iscrizione' }).click();
await u.waitForTimeout(1500);
console.log('no card:', (await u.locator('body').textContent())!.match(/Per giocare[^.]*\./)?.[0]);
await u.screenshot({ path: '/tmp/try-reg-390.png', fullPage: false });
await browser.close();
