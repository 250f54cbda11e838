// Why the mate solver judged a problem's move wrong, in the page's language. The server words it
// in English (src/search/mate/problems.cpp); the pages know its reasons and show any other as
// the server wrote it.
import { t } from '../i18n';

export function verdictReason(reason: string): string {
  const plies = /^no mate in the (\d+) pl(?:y|ies) left$/.exec(reason);
  if (plies) return t('problems.verdict.noMate', { count: Number(plies[1]) });
  if (reason === 'not a check: every attacking move of this problem must check') return t('problems.verdict.notCheck');
  if (reason === 'Kirin could not judge this move in its time') return t('problems.unjudged');
  return reason;
}
