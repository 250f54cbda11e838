// The server's refusals that people meet, in the page's language. The server words its errors in
// English and names each reason by a code, with the values its words name (docs/api.md); the
// pages translate the reasons a player runs into (a move refused, a turn not theirs, a game over,
// a login or sign-up refused, a limit reached) by their code, and show any other as the server
// wrote it.
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

// The values a refusal's words name (docs/api.md: "params"), by name.
export type RefusalParams = Record<string, string | number>;

// What the pages' errors from the server carry beside their message (api/http.ts's ApiError).
interface Coded {
  code?: unknown;
  params?: unknown;
}

type Words = (p: RefusalParams) => string;
const plain = (key: string): Words => () => t(key);
const withParams = (key: string): Words => (p) => t(key, p);

// By the server's code (src/server/refusals.cpp): the catalog's words for it.
const BY_CODE: Record<string, Words> = {
  illegal_move: (p) => t('errors.withReason', { error: t('errors.illegalMove', { move: p.move }), reason: moveReason(String(p.reason ?? '')) }),
  not_your_turn: plain('errors.notYourTurn'),
  game_over: (p) => t('errors.gameOver', { result: reasonText(String(p.reason ?? '')) }),
  game_changed: plain('errors.gameChanged'),
  kirin_busy: plain('errors.kirinBusy'),
  server_busy: plain('errors.busy'),
  wrong_login: plain('errors.wrongPassword'),
  name_taken: withParams('errors.nameTaken'),
  name_length: plain('errors.nameLength'),
  name_characters: plain('errors.nameChars'),
  password_short: plain('errors.passwordShort'),
  log_in_first: plain('errors.logInFirst'),
  log_in_to_chat: plain('errors.logInToChat'),
  log_in_to_challenge: plain('errors.logInToChallenge'),
  no_player: withParams('errors.noPlayer'),
  challenge_self: plain('errors.challengeSelf'),
  challenge_for_another: withParams('errors.challengeForAnother'),
  own_challenge: plain('errors.ownChallenge'),
  rated_challenge_needs_account: plain('errors.ratedChallengeNeedsAccount'),
  challenge_taken: plain('errors.challengeTaken'),
  challenge_withdrawn: plain('errors.challengeWithdrawn'),
  kirin_declines_draws: plain('errors.kirinDeclinesDraws'),
  takebacks_casual_only: plain('errors.takebacksCasualOnly'),
  abort_too_late: plain('errors.abortTooLate'),
  abort_too_late_rated: plain('errors.abortTooLateRated'),
  chat_muted: plain('errors.chatMuted'),
  too_many_logins: withParams('errors.tooManyLogins'),
  too_many_wrong_passwords: withParams('errors.tooManyWrongPasswords'),
  too_many_accounts: plain('errors.tooManyAccounts'),
  too_many_games: (p) => t('errors.tooManyGames', { ...p, who: t(p.who === 'address' ? 'errors.address' : 'errors.accountWord') }),
  too_many_tournaments: withParams('errors.tooManyTournaments'),
  too_many_chat_lines: withParams('errors.tooManyChat'),
  too_many_analyses: withParams('errors.tooManyAnalyses'),
  too_many_analyses_at_once: withParams('errors.tooManyAnalysesAtOnce'),
  too_many_game_analyses: withParams('errors.tooManyGameAnalyses'),
  too_many_drawings: plain('errors.tooManyDrawings'),
  too_many_problems: plain('errors.tooManyProblems'),
  too_many_requests: withParams('errors.tooManyRequests'),
  tournament_full: withParams('errors.tournamentFull'),
  tournament_over: plain('errors.tournamentOver'),
  round_robin_under_way: plain('errors.roundRobinUnderWay'),
  tournament_started: plain('errors.tournamentStarted'),
  not_in_tournament: plain('errors.notInTournament'),
  not_your_tournament: plain('errors.notYourTournament'),
  start_in_past: plain('errors.startInPast'),
  start_too_late: plain('errors.startTooLate'),
};

// The codes the pages translate (a test holds them to the server's table).
export const TRANSLATED_CODES = Object.keys(BY_CODE);

// A server's (or the page's own) error as a reader sees it.
export function errorText(e: unknown): string {
  const { code, params } = (e && typeof e === 'object' ? e : {}) as Coded;
  if (typeof code === 'string' && Object.hasOwn(BY_CODE, code))
    return BY_CODE[code]((params && typeof params === 'object' ? params : {}) as RefusalParams);
  const message = e instanceof Error ? e.message : String(e);
  // The browser's engine refuses a move in the rules' words (no code).
  const illegal = /^illegal move '([^']+)': (.+)$/s.exec(message);
  if (illegal) return BY_CODE.illegal_move({ move: illegal[1], reason: illegal[2] });
  return message;
}
