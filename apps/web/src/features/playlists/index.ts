/** What a screen's content tab uses of playlists: the list and the actions on one. */
export { usePlaylistActions, usePlaylists } from './playlists.api';
