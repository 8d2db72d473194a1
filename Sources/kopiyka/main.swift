print("kopiyka")
