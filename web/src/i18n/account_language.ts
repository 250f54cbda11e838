// The language kept with the player's account (GET and POST /api/account/preferences,
// docs/api.md), so that it follows them to another browser.
import { isLanguage, type Language } from './languages';

// The account's language, or null: not logged in, no choice made, or no answer.
export async function accountLanguage(): Promise<Language | null> {
  try {
    const res = await fetch('/api/account/preferences');
    if (!res.ok) return null;
    const body = await res.json();
    return isLanguage(body.language) ? body.language : null;
  } catch {
    return null;
  }
}

// Keeps `lang` with the logged-in player's account; a refusal changes nothing (the choice is kept
// in this browser all the same).
export async function saveAccountLanguage(lang: Language): Promise<void> {
  await fetch('/api/account/preferences', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ language: lang }),
  }).catch(() => undefined);
}
