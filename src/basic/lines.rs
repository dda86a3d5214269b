//! Walking the lines of a tokenized program: the link, the line number, the tokenized
//! text up to its zero byte (the BASIC V2 line format). The lister and the profiler both
//! read programs through it.

/// One line of a tokenized program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Line<'a> {
    pub number: u16,
    /// The tokenized text, without the end zero.
    pub body: &'a [u8],
    /// Where the line's link starts, counted from the start of `data`.
    pub offset: usize,
}

/// Why the walk stopped before the program's end marker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Broken {
    /// Where the line that could not be read starts, counted from the start of `data`.
    pub offset: usize,
    pub what: String,
}

/// The lines of `data` loaded at `load`, in order, until the zero link that ends a program;
/// a line whose link, header or end zero runs off the data ends the walk with [`Broken`].
/// Each line is found by following its end zero (links are absolute addresses, checked to
/// point past the line's header and inside the data).
pub(crate) fn lines(load: u16, data: &[u8]) -> Lines<'_> {
    Lines {
        load: usize::from(load),
        data,
        at: 0,
        done: false,
    }
}

/// The iterator of [`lines`].
pub(crate) struct Lines<'a> {
    load: usize,
    data: &'a [u8],
    at: usize,
    done: bool,
}

impl<'a> Iterator for Lines<'a> {
    type Item = Result<Line<'a>, Broken>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let (data, at) = (self.data, self.at);
        let word = |i: usize| usize::from(u16::from_le_bytes([data[i], data[i + 1]]));
        let mut broken = |what: String| {
            self.done = true;
            Some(Err(Broken { offset: at, what }))
        };
        if at + 2 > data.len() {
            return broken(
                "the file ends without the program's end marker (a zero link)".to_string(),
            );
        }
        let link = word(at);
        if link == 0 {
            self.done = true;
            return None;
        }
        if at + 4 > data.len() {
            return broken("the file ends inside a line header".to_string());
        }
        let number = word(at + 2) as u16;
        let Some(end) = data[at + 4..]
            .iter()
            .position(|&b| b == 0)
            .map(|p| at + 4 + p)
        else {
            return broken(format!(
                "line {number} has no end byte before the end of the file"
            ));
        };
        // The link's address as an offset: past this line's header, not beyond the data.
        let target = link.checked_sub(self.load);
        if !target.is_some_and(|t| t > at + 4 && t <= data.len()) {
            return broken(format!(
                "line {number} links to ${link:04X}, outside the program"
            ));
        }
        self.at = end + 1;
        Some(Ok(Line {
            number,
            body: &data[at + 4..end],
            offset: at,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_lines_and_stops_at_broken_ones() {
        // 10 PRINT, 20 END at $0801.
        let data = [
            0x07, 0x08, 10, 0, 0x99, 0x00, 0x0D, 0x08, 20, 0, 0x80, 0x00, 0x00, 0x00,
        ];
        let got: Vec<_> = lines(0x0801, &data).map(|l| l.unwrap()).collect();
        assert_eq!(got.len(), 2);
        assert_eq!(
            (got[0].number, got[0].body, got[0].offset),
            (10, &[0x99][..], 0)
        );
        assert_eq!(
            (got[1].number, got[1].body, got[1].offset),
            (20, &[0x80][..], 6)
        );
        let cut = &data[..9];
        let last = lines(0x0801, cut).last().unwrap();
        assert_eq!(last.unwrap_err().offset, 6);
        let bad_link = [0x00, 0x70, 10, 0, 0x99, 0x00, 0x00, 0x00];
        let e = lines(0x0801, &bad_link).next().unwrap().unwrap_err();
        assert!(e.what.contains("outside the program"), "{e:?}");
    }
}
