//! The zip FIDE publishes the lists in, read as a stream from its local file headers (the
//! central directory at the end is never needed): the first member named `.txt` or `.xml` is
//! the list, inflated as it is read.

use std::io::{BufRead, Read};

use flate2::bufread::DeflateDecoder;

use super::{ParseListError, ParseListErrorKind};

/// The list inside the zip, inflated (or stored) as it is read.
pub(super) enum Member<R: BufRead> {
    Deflated(DeflateDecoder<R>),
    Stored(std::io::Take<R>),
}

impl<R: BufRead> Read for Member<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Member::Deflated(inner) => inner.read(out),
            Member::Stored(inner) => inner.read(out),
        }
    }
}

fn zip_error(why: impl Into<String>) -> ParseListError {
    ParseListError::at(0, 0, ParseListErrorKind::Zip(why.into()))
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

/// Finds the first list member (`.txt` or `.xml`) and returns its name and its content.
pub(super) fn first_list_member<R: BufRead>(
    mut input: R,
) -> Result<(String, Member<R>), ParseListError> {
    loop {
        let mut header = [0u8; 30];
        if let Err(err) = input.read_exact(&mut header) {
            return Err(zip_error(format!(
                "the zip holds no .txt or .xml file: expected FIDE's players_list_foa.txt or players_list_xml_foa.xml ({err})"
            )));
        }
        if u32_at(&header, 0) != 0x0403_4b50 {
            return Err(zip_error(
                "the zip holds no .txt or .xml file: expected FIDE's players_list_foa.txt or players_list_xml_foa.xml",
            ));
        }
        let flags = u16_at(&header, 6);
        let method = u16_at(&header, 8);
        let compressed = u32_at(&header, 18);
        let name_length = usize::from(u16_at(&header, 26));
        let extra_length = u64::from(u16_at(&header, 28));
        let mut name = vec![0u8; name_length];
        input.read_exact(&mut name).map_err(ParseListError::io)?;
        let name = String::from_utf8_lossy(&name).into_owned();
        std::io::copy(&mut (&mut input).take(extra_length), &mut std::io::sink())
            .map_err(ParseListError::io)?;
        let lower = name.to_ascii_lowercase();
        let is_list = lower.ends_with(".txt") || lower.ends_with(".xml");
        // Bit 3: the sizes follow the data instead of preceding it.
        let sizes_after = flags & 0x0008 != 0;
        if !is_list {
            if sizes_after {
                return Err(zip_error(format!(
                    "{name} comes before the list in the zip and its size is not given: expected the list first, as FIDE packs it"
                )));
            }
            std::io::copy(
                &mut (&mut input).take(u64::from(compressed)),
                &mut std::io::sink(),
            )
            .map_err(ParseListError::io)?;
            continue;
        }
        if flags & 0x0001 != 0 {
            return Err(zip_error(format!("{name} is encrypted in the zip")));
        }
        return match method {
            8 => Ok((name, Member::Deflated(DeflateDecoder::new(input)))),
            0 if !sizes_after => Ok((name, Member::Stored(input.take(u64::from(compressed))))),
            other => Err(zip_error(format!(
                "{name} is packed with method {other}: expected deflate (8) or stored (0), as FIDE packs it"
            ))),
        };
    }
}
