// How the leaderboard and the profiles name people and bots: a profile's address, and a bot by its level.

export function profileLink(name) {
  return `/players/${encodeURIComponent(name)}`;
}

// "the hard bot" for a level, "the usual bot" for bot, "bot ismcts" for any other spec (its budget after it)
export function botName(spec, words) {
  const [level, budget] = spec.split(":");
  const key = `common.ratings.bot.${level}`;
  const base = words.has(key) ? words.t(key) : words.t("common.ratings.bot.other", { spec: level });
  return budget ? `${base} (${budget})` : base;
}
