// Every key the pages keep in this browser's localStorage, in one place: what each holds.

// A seat's token for a player who is not logged in (a logged-in player plays with the session).
export const seatTokenKey = (game: string) => `kirin-token-${game}`;
// The opponent's invitation (their seat's token) to the game a player created.
export const inviteKey = (game: string) => `kirin-invite-${game}`;
// The board's piece set for each family of games, its theme and size (JSON, board/prefs.ts).
export const PREFS_KEY = 'kirin-prefs';
// The display name of a player who is not logged in.
export const NAME_KEY = 'kirin-name';
// The move sounds' volume, 0 to 100 (0: off).
export const VOLUME_KEY = 'kirin-volume';
// "1" while the move sounds were off, before there was a volume: read once for the volume's default.
export const MUTED_KEY = 'kirin-muted';
// The notation the moves are written in, one for xiangqi and one for the shogi games (JSON
// {xiangqi, shogi}, model/notations.ts); a logged-in player's account keeps it too.
export const NOTATION_KEY = 'kirin-notation';
// How many lines the analysis board shows.
export const MULTIPV_KEY = 'kirin-multipv';
// "1" while a chat room is hidden (the viewer's own mute).
export const chatHiddenKey = (room: string) => `kirin-chat-hidden-${room}`;
// The puzzle of a game the solver got to.
export const puzzleKey = (game: string) => `kirin-puzzle-${game}`;
// The language the reader chose in the header's menu (en, zh-Hans, zh-Hant, ja).
export const LANGUAGE_KEY = 'kirin-language';
