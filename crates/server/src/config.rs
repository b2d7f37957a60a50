//! The server's settings: command-line flags, with environment variables as defaults, read by
//! clap.
//!
//! The flags' doc comments are `gomoku-server --help` word for word, so the URLs in them stay
//! plain text (no Markdown links, which would show in the help).
#![allow(rustdoc::bare_urls)]

use std::ffi::OsString;
use std::net::IpAddr;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use clap::Parser;

/// The port when none is given.
pub const DEFAULT_PORT: u16 = 7878;

/// What `gomoku-server --help` ends with.
const AFTER_HELP: &str = "\
A flag's environment variable ([env: ...]) stands in for it when the flag is not given.";

/// Where the server keeps players and games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file: one server, nothing to set up.
    Sqlite(PathBuf),
    /// A PostgreSQL connection URL (`postgres://` or `postgresql://`): any number of servers.
    Postgres(String),
}

impl Database {
    /// A `postgres://` or `postgresql://` URL, or else a SQLite path.
    pub fn parse(value: &str) -> Database {
        let lower = value.trim_start().to_ascii_lowercase();
        if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
            Database::Postgres(value.trim().to_string())
        } else {
            Database::Sqlite(PathBuf::from(value))
        }
    }
}

impl std::fmt::Display for Database {
    /// The path, or the URL without its password (it goes to logs).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => f.write_str(&without_password(url)),
        }
    }
}

/// `scheme://user:secret@host/db` as `scheme://user:***@host/db` (a URL without a password
/// as it is).
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = match rest.find('/') {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    match authority.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{scheme}://{name}:***@{host}{path}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

/// How the server runs: its command line (`--help` lists it), each flag with its default and,
/// for some, an environment variable (GOMOKU_SERVER_*) that takes the default's place.
#[derive(Debug, Clone, PartialEq, Parser)]
#[command(
    name = "gomoku-server",
    about = "gomoku-server: online Gomoku over WebSockets (ws://HOST:PORT/ws)",
    after_help = AFTER_HELP,
    // A flag given twice takes its last value, as it always did (--allow-origin, --trust and
    // --trusted-proxy add up).
    args_override_self = true,
)]
pub struct Config {
    /// address to listen on
    #[arg(long, value_name = "ADDR", env = "GOMOKU_SERVER_HOST", default_value = "127.0.0.1",
        value_parser = trimmed::<IpAddr>, verbatim_doc_comment)]
    pub host: IpAddr,
    /// port; 0 picks a free one
    #[arg(long, value_name = "N", env = "GOMOKU_SERVER_PORT", default_value_t = DEFAULT_PORT,
        value_parser = trimmed::<u16>, verbatim_doc_comment)]
    pub port: u16,
    /// a SQLite file (one server), or a postgres:// URL that several
    /// servers share
    // The URL's password stays out of the help: the variable's value is not shown.
    #[arg(long, value_name = "PATH|URL", env = "GOMOKU_SERVER_DB", hide_env_values = true,
        default_value = "gomoku-server.sqlite", value_parser = database, verbatim_doc_comment)]
    pub db: Database,
    /// a browser origin allowed to connect; repeatable, or comma-separated
    /// in the variable (default: http://localhost:8080 and
    /// http://127.0.0.1:8080)
    #[arg(long = "allow-origin", value_name = "URL", env = "GOMOKU_SERVER_ORIGINS",
        value_delimiter = ',', default_values = ["http://localhost:8080", "http://127.0.0.1:8080"],
        hide_default_value = true, value_parser = allowed_origin, verbatim_doc_comment)]
    pub origins: Vec<String>,
    /// also serve the web build in DIR (scripts/build_web.sh) at /, its
    /// own origin allowed to connect
    #[arg(long, value_name = "DIR", env = "GOMOKU_SERVER_WEB", value_parser = web_build,
        verbatim_doc_comment)]
    pub web: Option<PathBuf>,
    /// where players reach this server (https://gomoku.example); with --web
    /// its origin may connect. Without it, --web allows the listening
    /// address (and localhost on loopback)
    #[arg(long, value_name = "URL", env = "GOMOKU_SERVER_PUBLIC_URL", value_parser = origin_of,
        verbatim_doc_comment)]
    pub public_url: Option<String>,
    /// how long (seconds) a disconnected player
    /// keeps the seat
    #[arg(long, value_name = "SECS", env = "GOMOKU_SERVER_GRACE", default_value = "60",
        value_parser = seconds, verbatim_doc_comment)]
    pub grace: Duration,
    /// messages a second per connection, on average
    #[arg(long, value_name = "N", default_value = "20", value_parser = at_least_one_f64,
        verbatim_doc_comment)]
    pub rate: f64,
    /// messages a connection may send at once
    #[arg(long, value_name = "N", default_value = "40", value_parser = at_least_one_f64,
        verbatim_doc_comment)]
    pub burst: f64,
    /// connections one address may hold, half-sent requests too
    #[arg(long, value_name = "N", default_value = "64", value_parser = at_least_one,
        verbatim_doc_comment)]
    pub max_per_address: usize,
    /// connections in all; lowered to what the file descriptor limit
    /// allows (raised to its hard limit at start). The last twentieth is
    /// kept for seated players coming back and new visitors' first pages
    #[arg(long, value_name = "N", default_value = "10000", value_parser = at_least_one,
        verbatim_doc_comment)]
    pub max_connections: usize,
    /// the share of the connections one network (an IPv4 /24, an IPv6
    /// /64) may hold, from 0 to 1
    #[arg(long, value_name = "F", env = "GOMOKU_SERVER_NETWORK_SHARE", default_value = "0.125",
        value_parser = share, verbatim_doc_comment)]
    pub network_share: f64,
    /// new players one network (an IPv4 /24, an IPv6 /64) may make in an
    /// hour (one address: 30)
    #[arg(long, value_name = "N", env = "GOMOKU_SERVER_NEW_PLAYERS_PER_NETWORK",
        default_value = "120", value_parser = at_least_one_u32, verbatim_doc_comment)]
    pub new_players_per_network: u32,
    /// seconds a client has to send its request headers
    #[arg(long, value_name = "S", default_value = "10", value_parser = at_least_one_second,
        verbatim_doc_comment)]
    pub header_timeout: Duration,
    /// an address exempt from the per-address limits (connections, new
    /// players, waiting games, failed joins): a load test's machine;
    /// repeatable. For a reverse proxy use --trusted-proxy
    #[arg(long = "trust", value_name = "ADDR", value_parser = trimmed::<IpAddr>,
        verbatim_doc_comment)]
    pub trusted: Vec<IpAddr>,
    /// a reverse proxy whose forwarding headers (Forwarded, else
    /// X-Forwarded-For, else X-Real-IP) name the client: the per-address
    /// limits count that client, not the proxy; repeatable, or
    /// comma-separated in the variable. Never believed from anyone else
    #[arg(long = "trusted-proxy", value_name = "ADDR", env = "GOMOKU_SERVER_TRUSTED_PROXIES",
        value_delimiter = ',', value_parser = trimmed::<IpAddr>, verbatim_doc_comment)]
    pub trusted_proxies: Vec<IpAddr>,
}

impl Default for Config {
    /// The flags' defaults (what the command line gives with no flag and no variable).
    fn default() -> Self {
        Config {
            host: IpAddr::from([127, 0, 0, 1]),
            port: DEFAULT_PORT,
            db: Database::Sqlite(PathBuf::from("gomoku-server.sqlite")),
            origins: vec![
                "http://localhost:8080".into(),
                "http://127.0.0.1:8080".into(),
            ],
            web: None,
            grace: Duration::from_secs(60),
            rate: 20.0,
            burst: 40.0,
            public_url: None,
            max_per_address: 64,
            max_connections: 10_000,
            network_share: 0.125,
            new_players_per_network: 120,
            header_timeout: Duration::from_secs(10),
            trusted: Vec::new(),
            trusted_proxies: Vec::new(),
        }
    }
}

impl Config {
    /// Reads the command line `args` (without the program name) over the environment's
    /// variables (GOMOKU_SERVER_*). `--help` comes back as clap's error of kind `DisplayHelp`:
    /// `error.exit()` prints it and ends the program with success; any other error ends it with
    /// code 2.
    pub fn from_args<I, T>(args: I) -> Result<Config, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString>,
    {
        let args: Vec<OsString> = std::iter::once(OsString::from("gomoku-server"))
            .chain(args.into_iter().map(Into::into))
            .collect();
        Config::try_parse_from(&args)
            .map(Config::tidied)
            .map_err(|e| name_the_variable(e, &args))
    }

    /// The configuration as clap read it, without the empty origins a comma-separated list may
    /// hold ("a,b," or an empty variable).
    fn tidied(mut self) -> Config {
        self.origins.retain(|o| !o.is_empty());
        self
    }

    /// The origins of this server's own pages when it serves the web build (`--web`): the
    /// public URL's when given, else the listening address's on `port` (with `localhost` and
    /// the other loopback spellings when it listens on loopback). Never taken from a request's
    /// `Host` header, which the client chooses (the DNS-rebinding pattern).
    pub fn own_origins(&self, port: u16) -> Vec<String> {
        if self.web.is_none() {
            return Vec::new();
        }
        if let Some(url) = &self.public_url {
            return vec![url.clone()];
        }
        let hosts: Vec<String> = if self.host.is_loopback() {
            vec!["localhost".into(), "127.0.0.1".into(), "[::1]".into()]
        } else {
            match self.host {
                IpAddr::V4(v4) => vec![v4.to_string()],
                IpAddr::V6(v6) => vec![format!("[{v6}]")],
            }
        };
        hosts
            .into_iter()
            .map(|h| format!("http://{h}:{port}"))
            .collect()
    }

    /// Whether a browser page from `origin` may connect: one of the allowed origins, or one
    /// of `own` (see [`Config::own_origins`]).
    pub fn origin_allowed(&self, origin: &str, own: &[String]) -> bool {
        self.origins
            .iter()
            .chain(own)
            .any(|o| o.eq_ignore_ascii_case(origin))
    }

    /// Whether `address` is exempt from the per-address limits.
    pub fn trusts(&self, address: IpAddr) -> bool {
        let address = super::limits::canonical(address);
        self.trusted
            .iter()
            .any(|t| super::limits::canonical(*t) == address)
    }

    /// Whether `address` is a trusted proxy (`--trusted-proxy`), whose forwarding headers are
    /// believed.
    pub fn trusts_proxy(&self, address: IpAddr) -> bool {
        super::limits::forwarded::is_one_of(&self.trusted_proxies, address)
    }
}

/// A bad value that came from an environment variable: clap names the flag, a tip names the
/// variable.
fn name_the_variable(mut error: clap::Error, args: &[OsString]) -> clap::Error {
    use clap::CommandFactory;
    use clap::error::{ContextKind, ContextValue};
    let Some(ContextValue::String(invalid)) = error.get(ContextKind::InvalidArg) else {
        return error;
    };
    // "--port <N>"
    let flag = invalid.split(' ').next().unwrap_or_default().to_owned();
    let command = Config::command();
    let Some(variable) = command
        .get_arguments()
        .find(|a| a.get_long().is_some_and(|l| flag == format!("--{l}")))
        .and_then(|a| a.get_env())
    else {
        return error;
    };
    let on_the_command_line = args.iter().any(|a| {
        a.to_str()
            .is_some_and(|a| a == flag || a.starts_with(&format!("{flag}=")))
    });
    if !on_the_command_line && std::env::var_os(variable).is_some() {
        let tip = format!(
            "the value is the environment variable {}'s",
            variable.to_string_lossy()
        );
        error.insert(
            ContextKind::Suggested,
            ContextValue::StyledStrs(vec![tip.into()]),
        );
    }
    error
}

// The value parsers: each says what a good value is (clap names the flag and the bad value).

/// The origin (`scheme://host[:port]`) of a URL given as the public address.
fn origin_of(url: &str) -> Result<String, String> {
    let url = url.trim();
    let (scheme, rest) = url
        .split_once("://")
        .filter(|(s, _)| matches!(*s, "http" | "https"))
        .ok_or("not an http:// or https:// URL")?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if host.is_empty() || host.contains('@') {
        return Err("the URL has no host".to_owned());
    }
    Ok(format!("{scheme}://{}", host.to_ascii_lowercase()))
}

/// An origin a browser page may connect from, as given (an empty one is dropped afterwards).
fn allowed_origin(text: &str) -> Result<String, String> {
    Ok(text.trim().to_owned())
}

fn database(text: &str) -> Result<Database, String> {
    Ok(Database::parse(text))
}

/// A folder holding the web build: its `index.html` must be there.
fn web_build(text: &str) -> Result<PathBuf, String> {
    let dir = PathBuf::from(text);
    if dir.join("index.html").is_file() {
        Ok(dir)
    } else {
        Err("no index.html there (build it with scripts/build_web.sh)".to_owned())
    }
}

/// A value in the type's own format, spaces around it ignored.
fn trimmed<T: FromStr>(text: &str) -> Result<T, T::Err> {
    text.trim().parse()
}

fn number<T: FromStr>(text: &str) -> Result<T, String> {
    trimmed(text).map_err(|_| "not a number".to_owned())
}

fn seconds(text: &str) -> Result<Duration, String> {
    number(text).map(Duration::from_secs)
}

fn at_least_one(text: &str) -> Result<usize, String> {
    match number(text)? {
        0 => Err("must be at least 1".to_owned()),
        n => Ok(n),
    }
}

fn at_least_one_u32(text: &str) -> Result<u32, String> {
    match number(text)? {
        0 => Err("must be at least 1".to_owned()),
        n => Ok(n),
    }
}

/// A share of something, more than 0 and at most 1.
fn share(text: &str) -> Result<f64, String> {
    let v: f64 = number(text)?;
    if v > 0.0 && v <= 1.0 {
        Ok(v)
    } else {
        Err("must be more than 0 and at most 1".to_owned())
    }
}

fn at_least_one_second(text: &str) -> Result<Duration, String> {
    at_least_one(text).map(|s| Duration::from_secs(s as u64))
}

fn at_least_one_f64(text: &str) -> Result<f64, String> {
    let v: f64 = number(text)?;
    if v.is_finite() && v >= 1.0 {
        Ok(v)
    } else {
        Err("must be at least 1".to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;
    use clap::{CommandFactory, FromArgMatches};

    /// The command line `s` read as [`Config::from_args`] reads it, but without the
    /// environment (the test's own may set GOMOKU_SERVER_*; tests/server_command_line.rs runs
    /// the server with variables).
    fn parse(s: &str) -> Result<Config, clap::Error> {
        let args = std::iter::once("gomoku-server").chain(s.split_whitespace());
        let command = Config::command().mut_args(|a| a.env(None::<&str>));
        Config::from_arg_matches(&command.try_get_matches_from(args)?).map(Config::tidied)
    }

    #[test]
    fn flags_and_their_defaults() {
        assert_eq!(parse("").unwrap(), Config::default());
        let c = parse("--db x.sqlite --allow-origin http://a --port 9000").unwrap();
        assert_eq!(c.port, 9000);
        assert_eq!(c.host, IpAddr::from([127, 0, 0, 1]));
        assert_eq!(c.db, Database::Sqlite(PathBuf::from("x.sqlite")));
        assert_eq!(c.origins, vec!["http://a".to_string()]);
        let c = parse("--allow-origin http://a,http://b, --allow-origin=http://c").unwrap();
        assert_eq!(c.origins, ["http://a", "http://b", "http://c"]);
        let c =
            parse("--max-per-address 5 --header-timeout 2 --trust 127.0.0.1 --trust ::1").unwrap();
        assert_eq!(c.max_per_address, 5);
        assert_eq!(c.header_timeout, Duration::from_secs(2));
        assert!(c.trusts("127.0.0.1".parse().unwrap()));
        assert!(c.trusts("::ffff:127.0.0.1".parse().unwrap()));
        assert!(!c.trusts("127.0.0.2".parse().unwrap()));
        assert!(
            !c.trusts_proxy("127.0.0.1".parse().unwrap()),
            "--trust is not a proxy"
        );
        let c = parse("--trusted-proxy 127.0.0.1 --trusted-proxy=10.0.0.2,2001:db8::1").unwrap();
        assert!(c.trusts_proxy("::ffff:127.0.0.1".parse().unwrap()));
        assert!(c.trusts_proxy("10.0.0.2".parse().unwrap()));
        assert!(c.trusts_proxy("2001:db8::1".parse().unwrap()));
        assert!(
            !c.trusts_proxy("2001:db8::2".parse().unwrap()),
            "one host, not its /64"
        );
        assert!(
            !c.trusts("10.0.0.2".parse().unwrap()),
            "a proxy is not exempt"
        );
        let c = parse("--grace 5 --rate 2.5 --burst 3 --max-connections 7 --host 0.0.0.0").unwrap();
        assert_eq!(c.grace, Duration::from_secs(5));
        assert_eq!((c.rate, c.burst, c.max_connections), (2.5, 3.0, 7));
        assert_eq!(c.host, IpAddr::from([0, 0, 0, 0]));
        let c = parse("--network-share 0.25 --new-players-per-network 9").unwrap();
        assert_eq!((c.network_share, c.new_players_per_network), (0.25, 9));
        assert_eq!(parse("--port 1 --port 2").unwrap().port, 2, "the last one");
    }

    #[test]
    fn bad_flags_are_named() {
        for (line, kind, said) in [
            (
                "--port x",
                ErrorKind::ValueValidation,
                "invalid value 'x' for '--port <N>'",
            ),
            (
                "--port",
                ErrorKind::InvalidValue,
                "a value is required for '--port <N>'",
            ),
            (
                "--bogus",
                ErrorKind::UnknownArgument,
                "unexpected argument '--bogus'",
            ),
            (
                "--max-per-address 0",
                ErrorKind::ValueValidation,
                "must be at least 1",
            ),
            (
                "--rate inf",
                ErrorKind::ValueValidation,
                "must be at least 1",
            ),
            (
                "--network-share 0",
                ErrorKind::ValueValidation,
                "must be more than 0 and at most 1",
            ),
            (
                "--network-share 1.5",
                ErrorKind::ValueValidation,
                "must be more than 0 and at most 1",
            ),
            (
                "--new-players-per-network 0",
                ErrorKind::ValueValidation,
                "must be at least 1",
            ),
            (
                "--header-timeout 0",
                ErrorKind::ValueValidation,
                "must be at least 1",
            ),
            (
                "--trust nowhere",
                ErrorKind::ValueValidation,
                "'--trust <ADDR>'",
            ),
            (
                "--trusted-proxy 10.0.0.300",
                ErrorKind::ValueValidation,
                "'--trusted-proxy <ADDR>'",
            ),
            (
                "--public-url ftp://x",
                ErrorKind::ValueValidation,
                "not an http:// or https://",
            ),
        ] {
            let e = parse(line).unwrap_err();
            assert_eq!(e.kind(), kind, "{line}: {e}");
            assert_eq!(e.exit_code(), 2, "{line}");
            assert!(e.to_string().contains(said), "{line}: {e}");
        }
    }

    #[test]
    fn the_help_lists_every_flag_and_variable() {
        Config::command().debug_assert();
        let help = parse("--help").unwrap_err();
        assert_eq!(help.kind(), ErrorKind::DisplayHelp);
        assert_eq!(help.exit_code(), 0);
        let help = Config::command().render_help().to_string();
        for flag in [
            "--host",
            "--port",
            "--db",
            "--allow-origin",
            "--web",
            "--public-url",
            "--grace",
            "--rate",
            "--burst",
            "--max-per-address",
            "--max-connections",
            "--network-share",
            "--new-players-per-network",
            "--header-timeout",
            "--trust",
            "--trusted-proxy",
            "--help",
        ] {
            assert!(help.contains(flag), "{flag} in\n{help}");
        }
        for variable in [
            "HOST",
            "PORT",
            "DB",
            "ORIGINS",
            "WEB",
            "PUBLIC_URL",
            "GRACE",
            "TRUSTED_PROXIES",
            "NETWORK_SHARE",
            "NEW_PLAYERS_PER_NETWORK",
        ] {
            assert!(
                help.contains(&format!("GOMOKU_SERVER_{variable}")),
                "{variable}"
            );
        }
        for origin in Config::default().origins {
            assert!(help.contains(&origin), "the default {origin} in\n{help}");
        }
    }

    #[test]
    fn a_web_folder_needs_its_page_and_lets_its_own_origin_connect() {
        let err = parse("--web /nonexistent-gomoku-web")
            .unwrap_err()
            .to_string();
        assert!(err.contains("index.html"), "{err}");
        let dir = std::env::temp_dir().join(format!("gomoku-web-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("index.html"), "<!doctype html>").unwrap();
        let c = parse(&format!("--web {}", dir.display())).unwrap();
        let own = c.own_origins(7878);
        assert!(c.origin_allowed("http://127.0.0.1:7878", &own));
        assert!(c.origin_allowed("http://localhost:7878", &own));
        assert!(
            !c.origin_allowed("http://evil.example", &own),
            "Host is never trusted"
        );
        assert!(!c.origin_allowed("http://127.0.0.1:9999", &own));
        assert!(c.origin_allowed("http://localhost:8080", &own));
        let public = parse(&format!(
            "--web {} --public-url https://Game.Example/play/",
            dir.display()
        ))
        .unwrap();
        assert_eq!(public.own_origins(7878), ["https://game.example"]);
        assert!(public.origin_allowed("https://game.example", &public.own_origins(7878)));
        assert!(!public.origin_allowed("http://127.0.0.1:7878", &public.own_origins(7878)));
        let without = Config::default();
        assert!(without.own_origins(7878).is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_postgres_url_is_a_shared_database_and_its_password_stays_out_of_logs() {
        let c = parse("--db postgres://gomoku:s3cret@db.example:5432/games").unwrap();
        assert_eq!(
            c.db,
            Database::Postgres("postgres://gomoku:s3cret@db.example:5432/games".into())
        );
        assert_eq!(
            c.db.to_string(),
            "postgres://gomoku:***@db.example:5432/games"
        );
        let c = parse("--db postgresql://h/db").unwrap();
        assert_eq!(c.db, Database::Postgres("postgresql://h/db".into()));
        assert_eq!(c.db.to_string(), "postgresql://h/db");
        assert_eq!(
            Database::parse("games.sqlite"),
            Database::Sqlite("games.sqlite".into())
        );
    }
}
