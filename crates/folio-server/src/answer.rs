//! Answers to line-protocol requests, with the books a connection has used kept at hand.

use std::collections::HashMap;
use std::sync::Arc;

use crate::book::Book;
use crate::library::{BookError, Library};
use crate::protocol::{parse_line, Command, Malformed, Request};

/// Why a line was answered `false` without being looked up.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// Not a request.
    #[error("malformed line: {0}")]
    Malformed(#[from] Malformed),
    /// A named book cannot be used.
    #[error("{0}")]
    Book(#[from] BookError),
}

/// Answers requests for one connection. Books are looked up in the [`Library`] once per
/// connection and kept here until the library's generation says one changed on disk.
pub struct Answerer {
    library: Arc<Library>,
    books: HashMap<String, Arc<Book>>,
    generation: u64,
    max_books: usize,
    scratch: Vec<Arc<Book>>,
}

impl Answerer {
    /// An answerer over `library`, allowing `max_books` books a request.
    pub fn new(library: Arc<Library>, max_books: usize) -> Answerer {
        let generation = library.generation();
        Answerer {
            library,
            books: HashMap::new(),
            generation,
            max_books,
            scratch: Vec::new(),
        }
    }

    /// The answer to one line (without its LF): `Ok(true/false)`, or why it was refused
    /// (answered `false`).
    ///
    /// # Errors
    /// A [`Refusal`]: the line is malformed or names a book that cannot be used.
    pub async fn answer(&mut self, line: &[u8]) -> Result<bool, Refusal> {
        let request = parse_line(line, self.max_books)?;
        self.answer_request(request).await
    }

    async fn answer_request(&mut self, request: Request<'_>) -> Result<bool, Refusal> {
        let generation = self.library.generation();
        if generation != self.generation {
            self.books.clear();
            self.generation = generation;
        }
        let mut books = std::mem::take(&mut self.scratch);
        books.clear();
        for name in request.books() {
            let book = match self.books.get(name) {
                Some(b) => b.clone(),
                None => {
                    let b = self.library.get(name).await?;
                    self.books.insert(name.to_string(), b.clone());
                    b
                }
            };
            books.push(book);
        }
        // A word the policy rejects is absent, as `folio words contains` says.
        let answer = match self.library.policy().normalize_word(request.word) {
            None => false,
            Some(key) => match request.command {
                Command::Query => books.iter().any(|b| b.has_word(&key)),
                Command::Challenge => books.iter().any(|b| b.text_holds(&key)),
            },
        };
        books.clear();
        self.scratch = books;
        Ok(answer)
    }
}
