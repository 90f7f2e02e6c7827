-- Rate-limit counters are written on every limited request: unlogged, a hit writes no WAL and its
-- commit waits for no flush. They are shared by every process as before; a crash of the database
-- resets them (and a standby has none), which a counter of the last minutes can afford.
ALTER TABLE "rate_limits" SET UNLOGGED;
