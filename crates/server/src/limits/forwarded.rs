//! The client behind a trusted reverse proxy: its address from the request's forwarding
//! headers, so the per-address limits count the client and not the proxy.
//!
//! Only a connection whose peer is a trusted proxy (`--trusted-proxy`) is asked; from any other
//! peer these headers are never believed. The headers are read in this order, the first one
//! present deciding:
//!
//! 1. `Forwarded` (RFC 7239): the `for=` of the right-most element whose address is not itself
//!    a trusted proxy;
//! 2. `X-Forwarded-For`: the right-most address that is not itself a trusted proxy (a client
//!    may send its own `X-Forwarded-For`; the proxy appends the address it saw, so only the
//!    right end is the proxy's word);
//! 3. `X-Real-IP`: one address.
//!
//! A value that is not an address (malformed, `unknown`, an obfuscated `_name`) gives the
//! peer's address: the proxy then counts as the client, which limits too much rather than too
//! little.

use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;

/// The client's address for a request that came from the trusted proxy `peer`; `is_proxy`
/// tells whether an address is a trusted proxy too (a chain of proxies).
pub fn client_address(
    headers: &HeaderMap,
    peer: IpAddr,
    is_proxy: impl Fn(IpAddr) -> bool,
) -> IpAddr {
    let found = if let Some(forwarded) = joined(headers, "forwarded") {
        from_list(forwarded_for(&forwarded), &is_proxy)
    } else if let Some(list) = joined(headers, "x-forwarded-for") {
        from_list(list.split(',').map(node).collect(), &is_proxy)
    } else if let Some(real) = joined(headers, "x-real-ip") {
        node(&real)
    } else {
        None
    };
    found.unwrap_or(peer)
}

/// Every line of the header `name`, joined with commas (one list, as HTTP reads it); `None`
/// when the header is absent, blank or not text.
fn joined(headers: &HeaderMap, name: &str) -> Option<String> {
    let mut lines = Vec::new();
    for value in headers.get_all(name) {
        // Bytes that are not visible ASCII: malformed, so the proxy stands for the client.
        let text = value.to_str().unwrap_or("unknown").trim();
        if !text.is_empty() {
            lines.push(text);
        }
    }
    (!lines.is_empty()).then(|| lines.join(","))
}

/// The right-most address that is not a trusted proxy; `None` (the peer stands for the client)
/// when that entry is not an address or every entry is a trusted proxy.
fn from_list(hops: Vec<Option<IpAddr>>, is_proxy: &impl Fn(IpAddr) -> bool) -> Option<IpAddr> {
    for hop in hops.into_iter().rev() {
        match hop {
            Some(address) if is_proxy(address) => continue,
            found => return found,
        }
    }
    None
}

/// The `for=` of each element of a `Forwarded` value, in order (`None` for an element without
/// one or with one that is not an address).
fn forwarded_for(value: &str) -> Vec<Option<IpAddr>> {
    split_outside_quotes(value, ',')
        .iter()
        .map(|element| {
            let mut found = None;
            for pair in split_outside_quotes(element, ';') {
                let Some((key, value)) = pair.split_once('=') else {
                    continue;
                };
                if key.trim().eq_ignore_ascii_case("for") {
                    found = unquoted(value.trim()).as_deref().and_then(node);
                }
            }
            found
        })
        .collect()
}

/// `text` split at each `separator` that is not inside a quoted string.
fn split_outside_quotes(text: &str, separator: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut start, mut quoted, mut escaped) = (0, false, false);
    for (i, c) in text.char_indices() {
        if escaped {
            escaped = false;
        } else if quoted && c == '\\' {
            escaped = true;
        } else if c == '"' {
            quoted = !quoted;
        } else if c == separator && !quoted {
            parts.push(&text[start..i]);
            start = i + c.len_utf8();
        }
    }
    parts.push(&text[start..]);
    parts
}

/// A token as itself, a quoted string without its quotes and escapes; `None` for a quoted
/// string that does not end.
fn unquoted(value: &str) -> Option<String> {
    let Some(inner) = value.strip_prefix('"') else {
        return Some(value.to_owned());
    };
    let inner = inner.strip_suffix('"')?;
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' { chars.next()? } else { c });
    }
    Some(out)
}

/// One node's address: `192.0.2.43`, `192.0.2.43:4711`, `2001:db8::1`, `[2001:db8::1]`,
/// `[2001:db8::1]:4711`; `None` for `unknown`, an obfuscated `_name` or anything else.
fn node(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    if let Ok(address) = text.parse::<IpAddr>() {
        return Some(address);
    }
    if let Ok(with_port) = text.parse::<SocketAddr>() {
        return Some(with_port.ip());
    }
    // `[v6]` without a port, or with an obfuscated port (`[v6]:_port`).
    let bracketed = text.strip_prefix('[')?;
    let (inside, rest) = bracketed.split_once(']')?;
    let port_ok = rest.is_empty() || rest.strip_prefix(':').is_some_and(|p| p.starts_with('_'));
    port_ok.then(|| inside.parse::<std::net::Ipv6Addr>().ok().map(IpAddr::V6))?
}

/// Whether `address` is one of `proxies` (compared as the limits compare addresses:
/// IPv4-mapped IPv6 as IPv4).
pub fn is_one_of(proxies: &[IpAddr], address: IpAddr) -> bool {
    // Exact addresses, not /64 networks: a proxy is one host.
    let address = exact(address);
    proxies.iter().any(|p| exact(*p) == address)
}

/// An IPv4-mapped IPv6 address as IPv4; anything else as itself.
fn exact(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        IpAddr::V4(_) => address,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    const PEER: &str = "127.0.0.1";

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn client(headers: &[(&str, &[u8])]) -> IpAddr {
        client_with(headers, &[PEER])
    }

    fn client_with(headers: &[(&str, &[u8])], proxies: &[&str]) -> IpAddr {
        let mut map = HeaderMap::new();
        for (name, value) in headers {
            let name: axum::http::HeaderName = name.parse().unwrap();
            map.append(name, HeaderValue::from_bytes(value).unwrap());
        }
        let proxies: Vec<IpAddr> = proxies.iter().map(|p| ip(p)).collect();
        client_address(&map, ip(PEER), |a| is_one_of(&proxies, a))
    }

    #[test]
    fn without_headers_the_peer_is_the_client() {
        assert_eq!(client(&[]), ip(PEER));
        assert_eq!(client(&[("x-forwarded-for", b"  ")]), ip(PEER));
    }

    #[test]
    fn x_forwarded_for_gives_its_right_most_address_not_a_proxy() {
        assert_eq!(
            client(&[("x-forwarded-for", b"203.0.113.7")]),
            ip("203.0.113.7")
        );
        // A client's own X-Forwarded-For is on the left; the proxy's word on the right.
        assert_eq!(
            client(&[("x-forwarded-for", b"1.2.3.4, 203.0.113.7")]),
            ip("203.0.113.7")
        );
        // A chain of trusted proxies is walked through.
        assert_eq!(
            client_with(
                &[("x-forwarded-for", b"1.2.3.4, 203.0.113.7, 10.0.0.2")],
                &[PEER, "10.0.0.2"]
            ),
            ip("203.0.113.7")
        );
        // Several header lines are one list.
        assert_eq!(
            client(&[
                ("x-forwarded-for", b"1.2.3.4"),
                ("x-forwarded-for", b"198.51.100.2")
            ]),
            ip("198.51.100.2")
        );
        assert_eq!(
            client(&[("x-forwarded-for", b"[2001:db8::1]:4711")]),
            ip("2001:db8::1")
        );
        assert_eq!(
            client(&[("x-forwarded-for", b"2001:db8::1")]),
            ip("2001:db8::1")
        );
        assert_eq!(
            client(&[("x-forwarded-for", b"203.0.113.7:5000")]),
            ip("203.0.113.7")
        );
        // Every entry a proxy: the peer.
        assert_eq!(client(&[("x-forwarded-for", b"127.0.0.1")]), ip(PEER));
    }

    #[test]
    fn forwarded_comes_first_and_reads_rfc_7239() {
        let both: &[(&str, &[u8])] = &[
            ("x-forwarded-for", b"198.51.100.2"),
            ("x-real-ip", b"198.51.100.3"),
            ("forwarded", b"for=192.0.2.43"),
        ];
        assert_eq!(client(both), ip("192.0.2.43"));
        assert_eq!(
            client(&[("forwarded", br#"for="[2001:db8:cafe::17]:4711""#)]),
            ip("2001:db8:cafe::17")
        );
        assert_eq!(
            client(&[("forwarded", br#"For="[2001:db8:cafe::17]""#)]),
            ip("2001:db8:cafe::17")
        );
        assert_eq!(
            client(&[(
                "forwarded",
                br#"for="192.0.2.43:47011";proto=https;by=203.0.113.43"#
            )]),
            ip("192.0.2.43")
        );
        assert_eq!(
            client(&[("forwarded", b"for=192.0.2.43, for=198.51.100.17;proto=http")]),
            ip("198.51.100.17")
        );
        assert_eq!(
            client_with(
                &[("forwarded", b"for=192.0.2.43, for=10.0.0.2")],
                &[PEER, "10.0.0.2"]
            ),
            ip("192.0.2.43")
        );
        // A quoted value with a comma or semicolon inside is one value.
        assert_eq!(
            client(&[("forwarded", br#"for=192.0.2.43;x="a,b;c""#)]),
            ip("192.0.2.43")
        );
        assert_eq!(
            client(&[("forwarded", br#"for="[2001:db8::9]:_port""#)]),
            ip("2001:db8::9")
        );
    }

    #[test]
    fn x_real_ip_is_last() {
        assert_eq!(
            client(&[("x-real-ip", b"198.51.100.3")]),
            ip("198.51.100.3")
        );
        assert_eq!(
            client(&[
                ("x-real-ip", b"198.51.100.3"),
                ("x-forwarded-for", b"198.51.100.2")
            ]),
            ip("198.51.100.2")
        );
    }

    #[test]
    fn unknown_obfuscated_and_malformed_values_give_the_peer() {
        for bad in [
            &b"for=unknown"[..],
            b"for=_hidden",
            b"for=\"_SEVKISEK\"",
            b"for=\"[2001:db8::1\"",
            b"for=\"[2001:db8::1]:80",
            b"for=[2001:db8::1]x",
            b"for",
            b"proto=https",
            b"for=\"192.0.2.1\\",
            b"for=999.1.1.1",
            b"for=;;;,,,==",
            b"\"",
            b"for=\xff\xfe",
        ] {
            assert_eq!(
                client(&[("forwarded", bad)]),
                ip(PEER),
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
        for bad in [
            &b"unknown"[..],
            b"not an address",
            b"1.2.3.4, garbage",
            b"[::1",
            b"::1]",
            b"1.2.3.4:99999",
            b"\xc3\xa9",
        ] {
            assert_eq!(
                client(&[("x-forwarded-for", bad)]),
                ip(PEER),
                "{:?}",
                String::from_utf8_lossy(bad)
            );
            assert_eq!(client(&[("x-real-ip", bad)]), ip(PEER));
        }
    }

    #[test]
    fn proxies_are_exact_addresses_and_mapped_ipv4_is_ipv4() {
        let proxies = [ip("127.0.0.1"), ip("2001:db8::1")];
        assert!(is_one_of(&proxies, ip("::ffff:127.0.0.1")));
        assert!(!is_one_of(&proxies, ip("2001:db8::2")));
        assert!(!is_one_of(&proxies, ip("127.0.0.2")));
    }
}
