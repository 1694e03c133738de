//! The word-judge page in headless Chromium, driven over WebDriver (chromedriver + fantoccini):
//! choose a book, type a play, read VALID / NOT VALID, show each word's answer.
//!
//! Needs Debian's `chromium` and `chromium-driver` (.ci/run installs them). Without them the
//! test is skipped with a note, except under `CI=true`, where that is a failure.

use std::net::TcpListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{ClientBuilder, Locator};

use crate::common::start;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// chromedriver on a free port, ended when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[test]
fn the_judge_page_judges_a_play_in_chromium() {
    if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
        let ci = std::env::var("CI").is_ok_and(|v| v == "true");
        assert!(
            !ci,
            "CI=true but {CHROMIUM} or {CHROMEDRIVER} is missing (apt-get install chromium chromium-driver)"
        );
        eprintln!("skipped: {CHROMIUM} or {CHROMEDRIVER} not installed (apt-get install chromium chromium-driver)");
        return;
    }
    let server = start(|_| {});
    // A binary file in the books folder: listed, but cannot be chosen.
    std::fs::write(server.books().join("blob.txt"), [b'x', 0, 1]).unwrap();
    let port = free_port();
    let driver = Driver(
        Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let profile = tempfile::tempdir().unwrap();
    let url = format!("http://{}/", server.http);
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let caps = serde_json::json!({
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            }
        });
        let caps = match caps {
            serde_json::Value::Object(m) => m,
            _ => unreachable!(),
        };
        // chromedriver takes a moment to listen.
        let t = Instant::now();
        let client = loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(caps.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await
            {
                Ok(c) => break c,
                Err(e) if t.elapsed() < Duration::from_secs(30) => {
                    let _ = e;
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                Err(e) => panic!("no WebDriver session: {e}"),
            }
        };
        let result = judge(&client, &url).await;
        let _ = client.close().await;
        result.unwrap();
    });
    drop(driver);
}

async fn judge(c: &fantoccini::Client, url: &str) -> Result<(), fantoccini::error::CmdError> {
    c.goto(url).await?;
    c.wait()
        .for_element(Locator::Css("#books[data-ready=true]"))
        .await?;
    let blob = c
        .find(Locator::Css("input[name=book][value='blob.txt']"))
        .await?;
    assert!(!blob.is_enabled().await?, "a binary book cannot be chosen");
    c.find(Locator::Css("input[name=book][value='whales.txt']"))
        .await?
        .click()
        .await?;
    // A play of good words: VALID.
    let verdict = play(c, "whale harpoon").await?;
    assert_eq!(verdict, "VALID");
    // One word is not good: NOT VALID, without saying which while the toggle is off.
    let verdict = play(c, "whale, Ishmael").await?;
    assert_eq!(verdict, "NOT VALID");
    let details = c.find(Locator::Id("details")).await?;
    assert!(!details.is_displayed().await?, "per-word answers hidden");
    c.find(Locator::Id("show-words")).await?.click().await?;
    assert!(details.is_displayed().await?, "per-word answers shown");
    let items = c.find_all(Locator::Css("#details li")).await?;
    let mut seen = Vec::new();
    for li in items {
        seen.push((
            li.attr("data-word").await?.unwrap_or_default(),
            li.attr("data-legal").await?.unwrap_or_default(),
        ));
    }
    assert_eq!(
        seen,
        [
            ("whale".to_string(), "true".to_string()),
            ("Ishmael".to_string(), "false".to_string())
        ]
    );
    Ok(())
}

/// Types `words` into the play box, judges, and returns the verdict shown.
async fn play(c: &fantoccini::Client, words: &str) -> Result<String, fantoccini::error::CmdError> {
    let before = c
        .find(Locator::Id("verdict"))
        .await?
        .attr("data-done")
        .await?;
    let input = c.find(Locator::Id("play")).await?;
    input.clear().await?;
    input.send_keys(words).await?;
    c.find(Locator::Id("go")).await?.click().await?;
    let t = Instant::now();
    loop {
        let v = c.find(Locator::Id("verdict")).await?;
        if v.attr("data-done").await? != before {
            return v.text().await;
        }
        assert!(t.elapsed() < Duration::from_secs(20), "no verdict");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
