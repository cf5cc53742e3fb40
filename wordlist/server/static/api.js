// The server's JSON API, and the player tokens this browser holds (localStorage).

export class ApiError extends Error {
  /** @param {number} status @param {{code: string, message: string, version?: number}} body */
  constructor(status, body) {
    super(body.message || `HTTP ${status}`);
    this.status = status;
    this.code = body.code || "http_error";
    this.body = body;
  }
}

/**
 * @param {string} path
 * @param {{method?: string, body?: object, token?: string, signal?: AbortSignal}} [options]
 */
export async function api(path, { method = "GET", body, token, signal } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(0, { code: "offline", message: "The server cannot be reached. Check the connection." });
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

const KEY = "wordlist.games";

/** @returns {Record<string, {token: string, player: number, game: string, opponent: string, names: string[], created: number, over?: boolean}>} */
export function savedGames() {
  try {
    const found = JSON.parse(localStorage.getItem(KEY) || "{}");
    return found && typeof found === "object" ? found : {};
  } catch {
    return {};
  }
}

export function saveGame(id, entry) {
  const games = savedGames();
  games[id] = { ...games[id], ...entry };
  localStorage.setItem(KEY, JSON.stringify(games));
}

export function forgetGame(id) {
  const games = savedGames();
  delete games[id];
  localStorage.setItem(KEY, JSON.stringify(games));
}
