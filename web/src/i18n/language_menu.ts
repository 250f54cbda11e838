// The header's language switch: each language in its own name; a choice is remembered on this
// browser and, for a player who is logged in, with their account, and the page is loaded again
// in it (as lichess does: every text of the page is drawn anew).
import { currentLanguage, saveLanguage, t } from './index';
import { ENDONYMS, isLanguage, type Language, LANGUAGES } from './languages';

// `keepWithAccount`: keeps the choice with a logged-in player's account (the header passes it).
export function languageMenu(keepWithAccount?: (lang: Language) => Promise<unknown>): HTMLSelectElement {
  const select = document.createElement('select');
  select.className = 'language-menu';
  select.dataset.testid = 'language';
  select.setAttribute('aria-label', t('header.language'));
  select.title = t('header.language');
  for (const lang of LANGUAGES) {
    const option = new Option(ENDONYMS[lang], lang);
    option.lang = lang;  // read aloud in its own language
    select.append(option);
  }
  select.value = currentLanguage();
  select.onchange = async () => {
    const lang = select.value;
    if (!isLanguage(lang)) return;
    select.disabled = true;
    saveLanguage(lang);
    await keepWithAccount?.(lang);
    location.reload();
  };
  return select;
}
