//! `gomoku-server`: online play over WebSockets (see `docs/online-protocol.md`).

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    use gomoku_server::Config;
    use std::process::ExitCode;

    // `--help` prints the flags and ends here with success; a bad flag or variable is named
    // and ends it with code 2.
    let config = Config::from_args(std::env::args_os().skip(1)).unwrap_or_else(|e| e.exit());
    // Every connection is a file descriptor: the soft limit goes up to the hard one, and the
    // connection caps follow it (`prepare` logs them).
    match gomoku_server::limits::descriptors::raise() {
        Ok(d) => eprintln!("gomoku-server: {}", d.describe()),
        Err(e) => eprintln!("gomoku-server: {e}"),
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("gomoku-server: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let shared = match gomoku_server::prepare(config.clone()) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("gomoku-server: {e}");
                return ExitCode::FAILURE;
            }
        };
        let listener = match tokio::net::TcpListener::bind((config.host, config.port)).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!(
                    "gomoku-server: cannot listen on {}:{}: {e}",
                    config.host, config.port
                );
                return ExitCode::FAILURE;
            }
        };
        let addr = match listener.local_addr() {
            Ok(a) => a,
            Err(e) => {
                eprintln!("gomoku-server: {e}");
                return ExitCode::FAILURE;
            }
        };
        // The first line on standard output: tests and scripts read the port from it.
        println!("listening on ws://{addr}{}", gomoku_net::WS_PATH);
        eprintln!("gomoku-server: database {}", config.db);
        if let Some(web) = &config.web {
            eprintln!(
                "gomoku-server: the web game from {} at http://{addr}/",
                web.display()
            );
        }
        match gomoku_server::serve(listener, shared).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("gomoku-server: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

#[cfg(target_arch = "wasm32")]
fn main() {
    // The server needs sockets and a database: it does not run in the browser.
}
