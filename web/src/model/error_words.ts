// The server's refusals that people meet, in the page's language. The server words its errors in
// English (docs/api.md); the pages know the ones a player runs into (a move refused, a turn not
// theirs, a game over, a login or sign-up refused, a limit reached) by their text and translate
// them, and show any other as the server wrote it.
import { t } from '../i18n';
import { pieceName } from './piece_names';
import { reasonText } from './result_words';

// Why a move is not legal, where the pages know the words (src/notation/move_text.cpp,
// src/game/game.cpp); any other reason stays the server's.
function moveReason(reason: string): string {
  const check = /^it would leave the (King|General) in check$/.exec(reason);
  if (check) return t('errors.reasons.inCheck', { piece: pieceName(check[1] === 'King' ? 'chushogi' : 'xiangqi', check[1]) });
  if (reason.startsWith('fourfold repetition: it would produce the same position a fourth time')) return t('errors.reasons.fourfold');
  if (reason.startsWith('the aggressor must vary:')) return t('errors.reasons.mustVary');
  if (reason === 'the Generals would face each other on an open file') return t('errors.reasons.generalsFace');
  return reason;
}

// "1-0 checkmate": the score stays, the reason is translated.
function resultWords(result: string): string {
  const m = /^(1-0|0-1|1\/2-1\/2) (.+)$/.exec(result);
  return m ? `${m[1]} ${reasonText(m[2])}` : result;
}

const KNOWN: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^illegal move '?([^' ]+)'?(?:: (.+))?$/s, (m) => {
    const head = t('errors.illegalMove', { move: m[1] });
    return m[2] ? t('errors.withReason', { error: head, reason: moveReason(m[2]) }) : head;
  }],
  [/^not your turn$/, () => t('errors.notYourTurn')],
  [/^the game is over: (.+)$/, (m) => t('errors.gameOver', { result: resultWords(m[1]) })],
  [/^wrong name or password$/, () => t('errors.wrongPassword')],
  [/^the name (.+) is taken$/, (m) => t('errors.nameTaken', { name: m[1] })],
  [/^name must be 2 to 20 characters$/, () => t('errors.nameLength')],
  [/^name may hold only letters A-Z and a-z, digits, '_' and '-'$/, () => t('errors.nameChars')],
  [/^password must be at least 8 characters$/, () => t('errors.passwordShort')],
  [/^log in first$/, () => t('errors.logInFirst')],
  [/^log in to chat$/, () => t('errors.logInToChat')],
  [/^log in to challenge a player by name$/, () => t('errors.logInToChallenge')],
  [/^no player named (.+)$/, (m) => t('errors.noPlayer', { name: m[1] })],
  [/^you cannot challenge yourself$/, () => t('errors.challengeSelf')],
  [/^you cannot accept your own challenge$/, () => t('errors.ownChallenge')],
  [/^this challenge was already taken$/, () => t('errors.challengeTaken')],
  [/^this challenge was withdrawn$/, () => t('errors.challengeWithdrawn')],
  [/^too many login attempts; try again in (\d+) seconds$/, (m) => t('errors.tooManyLogins', { seconds: m[1] })],
  [/^too many wrong passwords; try again in (\d+) seconds$/, (m) => t('errors.tooManyWrongPasswords', { seconds: m[1] })],
  [/^too many new accounts from your address; try again later$/, () => t('errors.tooManyAccounts')],
  [/^too many new games from your (address|account) \(at most (\d+) a minute\); try again in (\d+) s$/,
    (m) => t('errors.tooManyGames', { who: t(m[1] === 'address' ? 'errors.address' : 'errors.accountWord'), limit: m[2], seconds: m[3] })],
  [/^too many chat lines; wait (\d+) s$/, (m) => t('errors.tooManyChat', { seconds: m[1] })],
  [/^too many analyses from your address \(at most (\d+) a minute\); try again later$/, (m) => t('errors.tooManyAnalyses', { limit: m[1] })],
  [/^too many analyses at once from your address or account \(at most (\d+)\); close one$/, (m) => t('errors.tooManyAnalysesAtOnce', { limit: m[1] })],
  [/^too many analyses asked for from your address \(at most (\d+) a minute\); try again later$/, (m) => t('errors.tooManyGameAnalyses', { limit: m[1] })],
  [/^too many drawings from your address; try again later$/, () => t('errors.tooManyDrawings')],
  [/^too many problems checked from your address; try again later$/, () => t('errors.tooManyProblems')],
  [/^too many requests at once from your address \(at most (\d+)\); wait for their answers$/, (m) => t('errors.tooManyRequests', { limit: m[1] })],
  [/^the server is busy; try again in a moment$/, () => t('errors.busy')],
  [/^tournament \S+ is full \((\d+) players\)$/, (m) => t('errors.tournamentFull', { limit: m[1] })],
  [/^tournament \S+ is over$/, () => t('errors.tournamentOver')],
  [/^tournament \S+ is under way: a round robin takes no one new$/, () => t('errors.roundRobinUnderWay')],
  [/^tournament \S+ has started already$/, () => t('errors.tournamentStarted')],
  [/^you are not playing in tournament \S+$/, () => t('errors.notInTournament')],
  [/^only its creator starts tournament \S+$/, () => t('errors.notYourTournament')],
  [/^starts_at is in the past$/, () => t('errors.startInPast')],
  [/^starts_at must be within 30 days$/, () => t('errors.startTooLate')],
];

// A server's (or the page's own) error as a reader sees it.
export function errorText(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  for (const [re, words] of KNOWN) {
    const m = re.exec(message);
    if (m) return words(m);
  }
  return message;
}
