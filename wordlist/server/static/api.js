// The server's JSON API, and the player tokens this browser holds (localStorage). A game against
// the bot that the server cannot be reached to create is kept in this browser instead, and its
// requests are answered here (offline/offline.js).

import { createLocalGame, isLocalGame, localApi } from "/offline/offline.js";

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
  if (isLocalGame(path)) return localApi(path, { method, body });
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
    if (method === "POST" && path === "/api/games" && body?.opponent === "bot") return createLocalGame(body);
    throw new ApiError(0, { code: "offline", message: "The server cannot be reached. Check the connection." });
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

const KEY = "wordlist.games";

/** The games this browser holds a seat in: those stored with a token (the store is this
 * browser's, but anything may have written it).
 * @returns {Record<string, {token: string, player: number, game: string, opponent: string, names: string[], created: number, over?: boolean}>} */
export function savedGames() {
  let found;
  try {
    found = JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
  if (!found || typeof found !== "object" || Array.isArray(found)) return {};
  const seated = ([, entry]) => entry && typeof entry.token === "string" && (entry.player === 0 || entry.player === 1);
  return Object.fromEntries(Object.entries(found).filter(seated));
}

/** Change what this browser knows of a game it holds a seat in (nothing if it holds none: a game
 * forgotten in another tab stays forgotten). */
export function updateGame(id, fields) {
  if (savedGames()[id]?.token) saveGame(id, fields);
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
